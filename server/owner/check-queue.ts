// The owner's password checks, one at a time in each of two lanes (scrypt's memory stays at two
// checks' 32 MiB each): the checks of known devices (server/owner/device-cookie.ts) and all others.
// A known device's check never waits for a guess's, so the owner's login never waits behind a queue
// of guesses (server/owner/login-throttle.ts).
import pLimit from 'p-limit';

export type RunCheck = <T>(known: boolean, work: () => Promise<T>) => Promise<T>;

export function createCheckQueue(): RunCheck {
  const known = pLimit(1);
  const others = pLimit(1);
  return (isKnown, work) => (isKnown ? known : others)(work);
}
