// Everything a script started (servers, nginx, wrk, temp dirs) is stopped on success, error and Ctrl-C.

type Cleanup = () => unknown;

const cleanups: Cleanup[] = [];
let running: Promise<void> | undefined;

/** Registers a cleanup; returns a function that runs it early and unregisters it. */
export function onCleanup(cleanup: Cleanup): () => Promise<void> {
  cleanups.push(cleanup);
  return async () => {
    const index = cleanups.indexOf(cleanup);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await cleanup();
  };
}

/** Runs all registered cleanups, newest first; one failing does not stop the others. */
export function runCleanups(): Promise<void> {
  running ??= (async () => {
    while (cleanups.length > 0) {
      const cleanup = cleanups.pop()!;
      try {
        await cleanup();
      } catch (error) {
        console.error(`Cleanup failed: ${(error as Error).message}`);
      }
    }
    running = undefined;
  })();
  return running;
}

let stopping = false;

/** True once a signal or the time limit started stopping everything: errors after that are expected. */
export function isStopping(): boolean {
  return stopping;
}

/** Stops everything and exits on Ctrl-C, SIGTERM, or when the script runs past its time limit. */
export function stopEverythingOnExit(limitMs: number, what: string): void {
  const stop = (code: number, message: string) => {
    // tsx forwards the terminal's Ctrl-C, so the signal can arrive twice; the first one wins.
    if (stopping) return;
    stopping = true;
    console.error(message);
    void runCleanups().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => stop(130, `${what} interrupted; stopping what it started.`));
  process.on('SIGTERM', () => stop(143, `${what} terminated; stopping what it started.`));
  setTimeout(
    () => stop(1, `${what} ran longer than ${Math.round(limitMs / 60_000)} min and was stopped; something hangs.`),
    limitMs,
  ).unref();
}

/** Runs a command's main function, always cleans up, and exits with its code (1 on an error). */
export async function runMain(main: () => Promise<number>): Promise<void> {
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    if (!isStopping()) console.error((error as Error).message);
  } finally {
    await runCleanups();
  }
  // When a signal is stopping everything, its handler exits with the signal's code.
  if (!isStopping()) process.exit(exitCode);
}
