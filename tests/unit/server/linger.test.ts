import type { IncomingMessage } from "node:http";
import { expect, test } from "vitest";
import { lingerOnEarlyAnswer } from "@/lib/server/node-http";

const socket = () => {
  const closes: string[] = [];
  return {
    closes,
    destroyed: false,
    destroySoon() {
      closes.push("at once");
    },
    end() {
      closes.push("half-closed");
    },
    destroy() {},
    once() {
      return this;
    },
  };
};
const request = (s: ReturnType<typeof socket>, complete: boolean, headers: Record<string, string>) =>
  ({ socket: s, complete, headers }) as unknown as IncomingMessage;

test("a keep-alive connection's close is wrapped once, and judges its latest request", () => {
  const s = socket();
  lingerOnEarlyAnswer(request(s, true, { "content-length": "10" }));
  const wrapped = s.destroySoon;
  for (let i = 0; i < 100; i++) lingerOnEarlyAnswer(request(s, true, { "content-length": "10" }));
  expect(s.destroySoon).toBe(wrapped);
  // The latest request was answered before its body all arrived: the close lingers.
  lingerOnEarlyAnswer(request(s, false, { "transfer-encoding": "chunked" }));
  s.destroySoon();
  expect(s.closes).toEqual(["half-closed"]);
});

test("a request without a body leaves the connection alone", () => {
  const s = socket();
  const original = s.destroySoon;
  lingerOnEarlyAnswer(request(s, false, {}));
  expect(s.destroySoon).toBe(original);
});
