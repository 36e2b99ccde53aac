// Any bytes a DNS server sends back are hostile. The decoder either returns well-formed records or
// throws MalformedDnsAnswer, for random bytes and for valid answers cut or overwritten anywhere;
// and the ICANN provider, asked through a server that answers such bytes over UDP and TCP, answers
// a result or a 502, promptly, and never crashes.
import { createSocket, type Socket as UdpSocket } from "node:dgram";
import { createServer, isIP, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import dnsPacket from "dns-packet";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { decodeResponse, encodeQuery, MalformedDnsAnswer } from "@/lib/resolution/providers/dns-wire-helpers";
import { IcannProvider } from "@/lib/resolution/providers/icann";

const label = fc.stringMatching(/^[a-z0-9-]{1,20}$/);
const name = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => `${labels.join(".")}.test`);
const ttl = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const record = fc.oneof(
  fc.record({ type: fc.constant("A" as const), name, ttl, data: fc.ipV4() }),
  fc.record({ type: fc.constant("AAAA" as const), name, ttl, data: fc.ipV6() }),
  fc.record({ type: fc.constant("CNAME" as const), name, ttl, data: name }),
  fc.record({ type: fc.constant("NS" as const), name, ttl, data: name }),
  fc.record({
    type: fc.constant("MX" as const),
    name,
    ttl,
    data: fc.record({ preference: fc.integer({ min: 0, max: 65535 }), exchange: name }),
  }),
  fc.record({
    type: fc.constant("TXT" as const),
    name,
    ttl,
    data: fc.array(fc.string({ maxLength: 80 }), { minLength: 1, maxLength: 4 }),
  }),
);

/** A valid response to `id`, with random records in the answer section. */
const validResponse = fc
  .record({ id: fc.integer({ min: 0, max: 65535 }), question: name, answers: fc.array(record, { maxLength: 8 }) })
  .map(({ id, question, answers }) =>
    dnsPacket.encode({
      type: "response",
      id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
      questions: [{ type: "A", name: question, class: "IN" }],
      answers: answers.map((a) => ({ ...a, class: "IN" })) as dnsPacket.Answer[],
    }),
  );

/** A valid response cut short, overwritten at a few places, or both. */
const damagedResponse = fc
  .tuple(
    validResponse,
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
    fc.option(fc.nat()),
  )
  .map(([bytes, writes, cut]) => {
    const copy = Buffer.from(bytes);
    for (const [at, value] of writes) copy[at % copy.length] = value;
    return cut === null ? copy : copy.subarray(0, cut % (copy.length + 1));
  });

function decodesOrRefuses(bytes: Uint8Array): void {
  try {
    const response = decodeResponse(Buffer.from(bytes));
    expect(response.rcode).toBeGreaterThanOrEqual(0);
    expect(response.rcode).toBeLessThan(16);
    for (const answer of response.answers) {
      expect(typeof answer.name).toBe("string");
      expect(Number.isInteger(answer.ttl) && answer.ttl >= 0).toBe(true);
      expect(typeof answer.value).toBe("string");
      if (answer.type === "A") expect(isIP(answer.value)).toBe(4);
      if (answer.type === "AAAA") expect(isIP(answer.value)).toBe(6);
      if (answer.type === "MX") expect(answer.value).toMatch(/^\d+ /);
    }
  } catch (error) {
    expect(error).toBeInstanceOf(MalformedDnsAnswer);
  }
}

describe("decodeResponse on hostile bytes", () => {
  test("random bytes: records or MalformedDnsAnswer, nothing else", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 700 }), decodesOrRefuses), { numRuns: 3000 });
  });

  test("valid answers damaged anywhere: records or MalformedDnsAnswer, nothing else", () => {
    fc.assert(fc.property(damagedResponse, decodesOrRefuses), { numRuns: 3000 });
  });

  test("a valid answer reads back every record it holds", () => {
    fc.assert(
      fc.property(validResponse, (bytes) => {
        const decoded = decodeResponse(bytes);
        expect(decoded.answers).toHaveLength(dnsPacket.decode(bytes).answers!.length);
      }),
      { numRuns: 500 },
    );
  });

  test.each([
    ["a compression pointer to itself", [0xc0, 12]],
    ["a compression pointer forward", [0xc0, 40]],
    ["a label running past the end", [40, 0x61, 0x62]],
    ["a record length past the end", [0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0xff, 0xff, 1, 2]],
  ])("refuses %s", (_, tail) => {
    // Header: a response with one answer and no question.
    const header = Buffer.from([0x12, 0x34, 0x81, 0x80, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(() => decodeResponse(Buffer.concat([header, Buffer.from(tail)]))).toThrow(MalformedDnsAnswer);
  });
});

describe("the ICANN provider against a server answering hostile bytes", () => {
  let udp: UdpSocket;
  let tcp: Server;
  let port: number;
  let nextAnswer: (query: Buffer) => Buffer = () => Buffer.alloc(0);
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    udp = createSocket("udp4");
    udp.on("message", (query, peer) => udp.send(nextAnswer(query), peer.port, peer.address));
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
    port = udp.address().port;
    tcp = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.once("data", (framed) => {
        const answer = nextAnswer(framed.subarray(2));
        const length = Buffer.alloc(2);
        length.writeUInt16BE(Math.min(answer.length, 65535));
        socket.end(Buffer.concat([length, answer]));
      });
    });
    await new Promise<void>((resolve) => tcp.listen(port, "127.0.0.1", resolve));
    expect((tcp.address() as AddressInfo).port).toBe(port);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
    await new Promise<void>((resolve) => udp.close(() => resolve()));
  });

  test("every answer is a result or a 502, well within the deadline", async () => {
    const timeoutMs = 5000;
    await fc.assert(
      fc.asyncProperty(fc.oneof(damagedResponse, fc.uint8Array({ maxLength: 600 }).map(Buffer.from)), async (bytes) => {
        // Echo the query's id so the client reads the bytes as its answer (a datagram without it is
        // not an answer: the client waits for the real one until its deadline).
        fc.pre(bytes.length >= 2);
        nextAnswer = (query) => {
          const answer = Buffer.from(bytes);
          if (answer.length >= 2) query.copy(answer, 0, 0, 2);
          return answer;
        };
        const provider = new IcannProvider({ servers: [`127.0.0.1:${port}`], timeoutMs });
        const started = performance.now();
        const outcome = await provider.forward("fuzz.test", {}).then(
          () => "answered",
          (error: unknown) => error,
        );
        if (outcome !== "answered") {
          expect(outcome).toBeInstanceOf(ApiError);
          expect((outcome as ApiError).status).toBe(502);
        }
        expect(performance.now() - started).toBeLessThan(timeoutMs);
      }),
      { numRuns: 150 },
    );
  });

  test("a well-formed answer to another question is refused", async () => {
    nextAnswer = (query) =>
      dnsPacket.encode({
        type: "response",
        id: query.readUInt16BE(0),
        flags: dnsPacket.RECURSION_AVAILABLE,
        questions: [{ type: "A", name: "other.test", class: "IN" }],
        answers: [{ type: "A", name: "other.test", ttl: 60, class: "IN", data: "192.0.2.66" }],
      });
    const provider = new IcannProvider({ servers: [`127.0.0.1:${port}`], timeoutMs: 2000 });
    const error = await provider.forward("fuzz.test", {}).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).items[0]?.info).toMatch(/answer is for another question/);
    expect(encodeQuery(1, "fuzz.test", "A").length).toBeGreaterThan(12);
  });
});
