import { database } from "@/lib/db";

/** Takes one connection of the main pool until the returned function is called. */
export async function holdConnection(): Promise<() => Promise<void>> {
  let free!: () => void;
  const freed = new Promise<void>((resolve) => (free = resolve));
  let taken!: () => void;
  const isTaken = new Promise<void>((resolve) => (taken = resolve));
  const done = database().withConnection(async (session) => {
    await session.query("SELECT 1");
    taken();
    await freed;
  });
  await isTaken;
  return async () => {
    free();
    await done;
  };
}
