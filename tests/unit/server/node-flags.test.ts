// The server process's young generation follows its database (scripts/server-process.mjs): the
// embedded database's process keeps the small one its 300 MB bound needs; with PostgreSQL the
// process holds no database and takes the larger one, which runs fewer scavenges.
import { expect, test } from "vitest";
import { serverNodeArgs } from "@/scripts/server-process.mjs";

const semiSpaceOf = (env: Record<string, string | undefined>) =>
  serverNodeArgs(env).filter((flag) => flag.startsWith("--max-semi-space-size="));

test("the embedded database's server keeps a 4 MB semi-space", () => {
  expect(semiSpaceOf({})).toEqual(["--max-semi-space-size=4"]);
  // Only a postgres:// or postgresql:// URL is a PostgreSQL server (lib/config's usesPostgresServer).
  expect(semiSpaceOf({ DATABASE_URL: "mysql://db/names" })).toEqual(["--max-semi-space-size=4"]);
});

test("a PostgreSQL server's process takes a 16 MB semi-space", () => {
  for (const url of ["postgres://u@db/names", "postgresql://u@db:5432/names"])
    expect(semiSpaceOf({ DATABASE_URL: url }), url).toEqual(["--max-semi-space-size=16"]);
});
