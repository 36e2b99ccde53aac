import "server-only";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite admits one process per data directory. A lock file with the owner's pid keeps a second
// server or a command from opening it while it is in use; a lock left by a dead process is taken over.

class DataDirBusyError extends Error {
  constructor(readonly pid: number) {
    super(`The embedded database in this data directory is in use by process ${pid}.`);
  }
}

export function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = path.resolve(dataDir, "pglite.lock");
  const owner = readOwner(lock);
  if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw new DataDirBusyError(owner);
  writeFileSync(lock, String(process.pid));
  const release = () => {
    if (readOwner(lock) === process.pid) rmSync(lock, { force: true });
  };
  process.once("exit", release);
  return release;
}

export function dataDirOwner(dataDir: string): number | undefined {
  const owner = readOwner(path.resolve(dataDir, "pglite.lock"));
  return owner !== undefined && isAlive(owner) ? owner : undefined;
}

function readOwner(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(lock, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
