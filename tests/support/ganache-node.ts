// ganache on 127.0.0.1, kept for a test that anvil (tests/support/evm-node.ts) cannot serve yet:
// ganache is archived. Deterministic funded accounts, instant mining unless a block time is given.
import ganache from "ganache";
import type { AddressInfo } from "node:net";

import type { EvmNode, EvmNodeOptions } from "./evm-node";

export async function startGanacheNode(options: EvmNodeOptions = {}): Promise<EvmNode> {
  const chainId = options.chainId ?? 1337;
  const server = ganache.server({
    logging: { quiet: true },
    wallet: { deterministic: true, totalAccounts: 10 },
    chain: { chainId, hardfork: "shanghai", ...(options.time && { time: options.time }) },
    miner: { blockTime: options.blockTime ?? 0 },
  });
  await new Promise<void>((resolve, reject) => server.listen(0, "127.0.0.1", (err) => (err ? reject(err) : resolve())));
  const { port } = server.address() as AddressInfo;
  const rpcUrl = `http://127.0.0.1:${port}`;
  const initial = await server.provider.getInitialAccounts();
  const accounts = Object.entries(initial).map(([address, account]) => ({
    address: address as `0x${string}`,
    privateKey: account.secretKey as `0x${string}`,
  }));
  return {
    rpcUrl,
    chainId,
    accounts,
    async mine(count = 1) {
      for (let i = 0; i < count; i++) await server.provider.request({ method: "evm_mine", params: [] });
    },
    rpc<T>(method: string, params: unknown[] = []) {
      return server.provider.request({ method, params } as never) as Promise<T>;
    },
    async stop() {
      await server.close();
    },
  };
}
