import type { ChildProcess } from "node:child_process";

export function serverNodeArgs(env?: Record<string, string | undefined>): string[];

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  stop(graceMs?: number): Promise<void>;
}

export function startServerProcess(options?: {
  env?: Record<string, string>;
  /** Node flags after those of `npm start`, which they override. */
  nodeArgs?: string[];
  timeoutMs?: number;
  onOutput?: (chunk: Buffer) => void;
}): Promise<ServerProcess>;

export function startNextProcess(options?: {
  env?: Record<string, string>;
  dev?: boolean;
  timeoutMs?: number;
  onOutput?: (chunk: Buffer) => void;
}): Promise<ServerProcess>;
