// A DNS server on 127.0.0.1 (dns2) answering from a small zone table, and a UDP socket that
// never answers, for the ICANN provider's tests.
import { createSocket, type Socket } from "node:dgram";
import type { AddressInfo } from "node:net";
import dns2 from "dns2";

const { Packet } = dns2;

export type ZoneRecord =
  | { type: "A" | "AAAA"; ttl: number; address: string }
  | { type: "CNAME"; ttl: number; domain: string }
  | { type: "NS"; ttl: number; ns: string }
  | { type: "MX"; ttl: number; exchange: string; priority: number }
  | { type: "TXT"; ttl: number; data: string | string[] };

export interface DnsTestServer {
  /** "127.0.0.1:port", the form DNS_SERVERS takes. */
  address: string;
  /** How many questions arrived, by "name TYPE". */
  queries: Map<string, number>;
  stop(): Promise<void>;
}

const SOA = {
  primary: "ns1.test",
  admin: "hostmaster.test",
  serial: 1,
  refresh: 3600,
  retry: 600,
  expiration: 86400,
  minimum: 30,
};

/** `zone` maps lower-case names to their records; names under `servfail` answer SERVFAIL. */
export async function startDnsServer(
  zone: Record<string, ZoneRecord[]>,
  options: { servfail?: string[] } = {},
): Promise<DnsTestServer> {
  const queries = new Map<string, number>();
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      // dns2's Resource type lists every field of every type; each record here carries its own.
      const answers = response.answers as object[];
      const question = request.questions[0]!;
      const name = question.name.toLowerCase();
      const typeName = Object.entries(Packet.TYPE).find(([, v]) => v === question.type)?.[0] ?? String(question.type);
      queries.set(`${name} ${typeName}`, (queries.get(`${name} ${typeName}`) ?? 0) + 1);
      if (options.servfail?.includes(name)) {
        response.header.rcode = Packet.RCODE.SERVFAIL;
        send(response);
        return;
      }
      const records = zone[name];
      if (!records) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else {
        const cname = records.find((r) => r.type === "CNAME");
        const answerFor = (owner: string, list: ZoneRecord[]) =>
          list
            .filter((r) => r.type === typeName)
            .forEach((r) => answers.push({ ...r, name: owner, type: Packet.TYPE[r.type], class: Packet.CLASS.IN }));
        if (cname && typeName !== "CNAME" && cname.type === "CNAME") {
          answers.push({ ...cname, name: question.name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN });
          answerFor(cname.domain, zone[cname.domain.toLowerCase()] ?? []);
        } else {
          answerFor(question.name, records);
        }
      }
      if (response.answers.length === 0) {
        (response.authorities as object[]).push({
          name: "test",
          type: Packet.TYPE.SOA,
          class: Packet.CLASS.IN,
          ttl: 120,
          ...SOA,
        });
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } } as never);
  const { port } = (addresses as { udp: AddressInfo }).udp;
  return {
    address: `127.0.0.1:${port}`,
    queries,
    async stop() {
      await server.close();
    },
  };
}

/** A bound UDP socket that reads questions and never answers. */
export async function startSilentUdp(): Promise<{ address: string; stop(): Promise<void> }> {
  const socket: Socket = createSocket("udp4");
  socket.on("message", () => undefined);
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
