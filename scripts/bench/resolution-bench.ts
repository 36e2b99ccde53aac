// Cold against warm resolution per name service, each against its real protocol peer on
// 127.0.0.1: anvil with the ENS and UNS contracts, a dns2 DNS server. Cold is the first read of a
// name by a provider with an empty cache; warm is the same read answered from the cache.
import { getAddress } from "viem";
import type { ResolutionProvider } from "@/lib/resolution/types";
import { EnsProvider } from "@/lib/resolution/providers/ens";
import { IcannProvider } from "@/lib/resolution/providers/icann";
import { UdProvider } from "@/lib/resolution/providers/ud";
import { startDnsServer } from "@/tests/support/dns-server";
import { deployEns } from "@/tests/support/ens-deploy";
import { startEvmNode } from "@/tests/support/evm-node";
import { deployUns } from "@/tests/support/uns-deploy";

const NAMES_PER_SERVICE = 8;
const WARM_READS = 2000;

interface Figures {
  coldMs: number;
  warmMs: number;
}

async function measure(provider: ResolutionProvider, names: string[]): Promise<Figures> {
  let cold = 0;
  for (const name of names) {
    const started = performance.now();
    const result = await provider.forward(name, {});
    cold += performance.now() - started;
    if (!result) throw new Error(`${provider.nameService}: ${name} did not resolve`);
  }
  const started = performance.now();
  for (let i = 0; i < WARM_READS; i++) await provider.forward(names[i % names.length]!, {});
  const warm = performance.now() - started;
  return { coldMs: cold / names.length, warmMs: warm / WARM_READS };
}

function line(service: string, figures: Figures, goal?: number): string {
  const ratio = figures.coldMs / figures.warmMs;
  const verdict = goal ? (ratio >= goal ? ` (goal >= ${goal}x: met)` : ` (goal >= ${goal}x: NOT met)`) : "";
  return (
    `${service.padEnd(6)} cold ${figures.coldMs.toFixed(2).padStart(8)} ms   warm ` +
    `${figures.warmMs.toFixed(4).padStart(8)} ms   warm is ${ratio.toFixed(0)}x faster${verdict}`
  );
}

export async function benchResolution(): Promise<string[]> {
  const names = Array.from({ length: NAMES_PER_SERVICE }, (_, i) => `bench${i}`);
  const lines = [`${NAMES_PER_SERVICE} names per service read cold, then ${WARM_READS} warm reads; mean per read.`];

  const node = await startEvmNode();
  try {
    const ens = await deployEns(node);
    const owner = getAddress(node.accounts[1]!.address);
    for (const label of names) {
      await ens.register(`${label}.eth`);
      await ens.setAddr(`${label}.eth`, 60, owner);
      await ens.setText(`${label}.eth`, "url", `https://${label}.example`);
    }
    const ensProvider = new EnsProvider({ rpcUrl: node.rpcUrl, registryAddress: ens.registry, timeoutMs: 10_000 });
    lines.push(
      line(
        "ens",
        await measure(
          ensProvider,
          names.map((l) => `${l}.eth`),
        ),
        20,
      ),
    );

    const uns = await deployUns(node);
    for (const label of names)
      await uns.mint(`${label}.crypto`, owner, { "crypto.ETH.address": owner, "dns.A": '["192.0.2.1"]' });
    const udProvider = new UdProvider({
      ethereum: { rpcUrl: node.rpcUrl, proxyReader: uns.proxyReader },
      timeoutMs: 10_000,
    });
    lines.push(
      line(
        "ud",
        await measure(
          udProvider,
          names.map((l) => `${l}.crypto`),
        ),
      ),
    );
  } finally {
    await node.stop();
  }

  const zone = Object.fromEntries(
    names.flatMap((label) => [
      [
        `${label}.test`,
        [
          { type: "A" as const, ttl: 300, address: "192.0.2.1" },
          {
            type: "TXT" as const,
            ttl: 300,
            data: "oa1:btc recipient_address=bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4;",
          },
        ],
      ],
      [`_dnslink.${label}.test`, [{ type: "TXT" as const, ttl: 300, data: "dnslink=/ipfs/QmBench" }]],
    ]),
  );
  const dns = await startDnsServer(zone);
  try {
    const icannProvider = new IcannProvider({ servers: [dns.address], timeoutMs: 5000 });
    lines.push(
      line(
        "icann",
        await measure(
          icannProvider,
          names.map((l) => `${l}.test`),
        ),
      ),
    );
  } finally {
    await dns.stop();
  }
  return lines;
}
