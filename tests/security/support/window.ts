// Rate-limit windows are fixed and aligned to the clock (lib/http/rate-limit.ts), and a server in
// another process cannot be handed a fake clock. A test that counts within one window therefore
// uses long windows and runs again, with a fresh client, if a window ended while it ran and it
// failed: the second run cannot straddle a boundary too.

export const TEST_WINDOW_SECONDS = 3600;

export async function inOneWindow(
  attempt: (run: number) => Promise<void>,
  windowSeconds = TEST_WINDOW_SECONDS,
): Promise<void> {
  const windowOf = () => Math.floor(Date.now() / (windowSeconds * 1000));
  const started = windowOf();
  try {
    await attempt(0);
  } catch (error) {
    if (windowOf() === started) throw error;
    await attempt(1);
  }
}
