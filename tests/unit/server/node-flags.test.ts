// The server process's young generation follows its database (scripts/server-process.mjs): the
// embedded database's process takes the one its 300 MB bound leaves room for; with PostgreSQL the
// process holds no database and takes the larger one, which runs fewer scavenges. The response
// cache's default bound follows the database too.
import { expect, test } from "vitest";
import { parseConfig, responseCacheMb } from "@/lib/config";
import { serverNodeArgs } from "@/scripts/server-process.mjs";

const semiSpaceOf = (env: Record<string, string | undefined>) =>
  serverNodeArgs(env).filter((flag) => flag.startsWith("--max-semi-space-size="));

test("the embedded database's server takes an 8 MB semi-space and a 16 MB response cache", () => {
  expect(semiSpaceOf({})).toEqual(["--max-semi-space-size=8"]);
  expect(responseCacheMb(parseConfig({}))).toBe(16);
  // Only a postgres:// or postgresql:// URL is a PostgreSQL server (lib/config/postgres-url.mjs).
  expect(semiSpaceOf({ DATABASE_URL: "mysql://db/names" })).toEqual(["--max-semi-space-size=8"]);
});

test("a PostgreSQL server's process takes a 16 MB semi-space and a 24 MB response cache", () => {
  for (const url of ["postgres://u@db/names", "postgresql://u@db:5432/names"]) {
    expect(semiSpaceOf({ DATABASE_URL: url }), url).toEqual(["--max-semi-space-size=16"]);
    expect(responseCacheMb(parseConfig({ DATABASE_URL: url })), url).toBe(24);
  }
});

test("RESPONSE_CACHE_MB sets the response cache's bound on either database", () => {
  expect(responseCacheMb(parseConfig({ RESPONSE_CACHE_MB: "40" }))).toBe(40);
  expect(responseCacheMb(parseConfig({ RESPONSE_CACHE_MB: "40", DATABASE_URL: "postgres://u@db/n" }))).toBe(40);
  expect(() => parseConfig({ RESPONSE_CACHE_MB: "0" })).toThrow();
});
