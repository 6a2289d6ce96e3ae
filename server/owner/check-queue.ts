// The owner's password checks, one at a time (scrypt's memory stays at one check's 32 MiB), in two
// lanes: a check of a known device (server/owner/device-cookie.ts) runs before every other that
// waits, so the owner's login never waits behind a queue of guesses (server/owner/login-throttle.ts).
export type RunCheck = <T>(first: boolean, work: () => Promise<T>) => Promise<T>;

export function createCheckQueue(): RunCheck {
  const waiting = { first: [] as (() => void)[], rest: [] as (() => void)[] };
  let running = false;
  const next = () => {
    const go = waiting.first.shift() ?? waiting.rest.shift();
    if (go) go();
    else running = false;
  };
  return async (first, work) => {
    if (running) await new Promise<void>((resolve) => (first ? waiting.first : waiting.rest).push(resolve));
    running = true;
    try {
      return await work();
    } finally {
      next();
    }
  };
}
