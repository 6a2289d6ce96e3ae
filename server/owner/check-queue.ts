// The owner's password checks, one at a time in each of two lanes (scrypt's 32 MiB each): the
// checks of known devices (server/owner/device-cookie.ts) and all others. A known device's check
// never waits for a guess's, and while one runs or waits no guess's check starts: the owner's
// login shares the processor with at most the one guess already being checked
// (server/owner/login-throttle.ts).
import pLimit from 'p-limit';

export type RunCheck = <T>(known: boolean, work: () => Promise<T>) => Promise<T>;

export function createCheckQueue(): RunCheck {
  const known = pLimit(1);
  const others = pLimit(1);
  let knownPending = 0;
  const resume: (() => void)[] = [];
  const runKnown = async <T>(work: () => Promise<T>): Promise<T> => {
    knownPending += 1;
    try {
      return await known(work);
    } finally {
      knownPending -= 1;
      if (knownPending === 0) for (const go of resume.splice(0)) go();
    }
  };
  const runOther = <T>(work: () => Promise<T>): Promise<T> =>
    others(async () => {
      while (knownPending > 0) await new Promise<void>((resolve) => resume.push(resolve));
      return work();
    });
  return (isKnown, work) => (isKnown ? runKnown(work) : runOther(work));
}
