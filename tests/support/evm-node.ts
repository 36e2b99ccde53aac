// A real local EVM node on 127.0.0.1 for tests: anvil, from the @foundry-rs/anvil npm package
// (its binary ships in the platform's optional package; nothing is downloaded). Deterministic
// funded accounts (anvil's test mnemonic), instant mining unless a block time is given.
// `engine: "ganache"` keeps ganache (archived) for a test anvil cannot serve yet.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { mnemonicToAccount } from "viem/accounts";
import { bytesToHex } from "viem";

export interface EvmNode {
  rpcUrl: string;
  chainId: number;
  /** Funded, unlocked accounts (addresses, lower-case) with their private keys. */
  accounts: { address: `0x${string}`; privateKey: `0x${string}` }[];
  /** Mines `count` empty blocks. */
  mine(count?: number): Promise<void>;
  /** Any JSON-RPC call to the node, e.g. evm_snapshot / evm_revert to reorganise the chain. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

export interface EvmNodeOptions {
  chainId?: number;
  blockTime?: number;
  /** Time of the genesis block; the clock runs on from it. */
  time?: Date;
  engine?: "anvil" | "ganache";
}

const MNEMONIC = "test test test test test test test test test test test junk";
const ACCOUNTS = 10;
const require = createRequire(import.meta.url);

/** The anvil binary of this platform's @foundry-rs package. */
export function anvilBinary(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/anvil`);
}

const accounts = Array.from({ length: ACCOUNTS }, (_, index) => {
  const account = mnemonicToAccount(MNEMONIC, { addressIndex: index });
  return {
    address: account.address.toLowerCase() as `0x${string}`,
    privateKey: bytesToHex(account.getHdKey().privateKey!),
  };
});

export async function startEvmNode(options: EvmNodeOptions = {}): Promise<EvmNode> {
  if (options.engine === "ganache") {
    const { startGanacheNode } = await import("./ganache-node");
    return startGanacheNode(options);
  }
  const chainId = options.chainId ?? 1337;
  const args = [
    "--host",
    "127.0.0.1",
    "--port",
    "0",
    "--chain-id",
    String(chainId),
    "--accounts",
    String(ACCOUNTS),
    "--mnemonic",
    MNEMONIC,
    "--hardfork",
    "prague",
  ];
  if (options.blockTime) args.push("--block-time", String(options.blockTime));
  if (options.time) args.push("--timestamp", String(Math.floor(options.time.getTime() / 1000)));
  const child = spawn(anvilBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
  // A test file that ends without stop() must not leave its node running.
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);
  const port = await listeningPort(child);
  const rpcUrl = `http://127.0.0.1:${port}`;
  let id = 0;
  async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  }
  // As ganache's `time`: the clock runs on from it, not only the genesis block.
  if (options.time) await rpc("evm_setTime", [Math.floor(options.time.getTime() / 1000)]);
  return {
    rpcUrl,
    chainId,
    accounts,
    async mine(count = 1) {
      for (let i = 0; i < count; i++) await rpc("evm_mine");
    },
    rpc,
    async stop() {
      process.off("exit", killChild);
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`anvil did not start: ${output.slice(-500)}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        // Keep draining, so a chatty node never blocks on a full pipe.
        child.stdout!.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${code}): ${output.slice(-500)}`));
    });
  });
}
