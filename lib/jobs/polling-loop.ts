import "server-only";

// A loop that runs one tick at a time: the next tick is scheduled only after the previous one
// ended, so a slow chain never piles up overlapping polls. Errors are logged and the loop goes on.

export interface Watcher {
  /** Resolves once the tick in progress (if any) has finished; no tick starts afterwards. */
  stop(): Promise<void>;
}

export function startPollingLoop(input: {
  name: string;
  intervalMs: number;
  tick: () => Promise<void>;
  log: (message: string) => void;
}): Watcher {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = () => {
    running = (async () => {
      try {
        await input.tick();
      } catch (error) {
        input.log(`poll failed: ${(error as Error).message}`);
      }
      if (!stopped) timer = setTimeout(run, input.intervalMs).unref();
    })();
  };
  run();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
