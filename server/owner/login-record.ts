// What the login throttle (server/owner/login-throttle.ts) tells the operator and the owner: every
// wrong password and every block is a line of the log; refusals (blocked, budget spent, queue
// full) are one line a minute at most, with how many were refused since the last, so an attack
// cannot flood the log. The System page shows the last 24 hours' counts, kept in memory per
// minute (at most 1,440 numbers); addresses appear only shortened (server/visits/address.ts), never
// a password.
import { anonymiseIp } from '../visits/address.ts';
import type { Admission } from './login-throttle.ts';

const DAY_MS = 24 * 60 * 60_000;

export interface LoginCounts {
  /** Wrong passwords. */
  failed: number;
  /** Attempts answered 429 without a check. */
  refused: number;
  /** When counting began: the server's start, when that was less than 24 hours ago; else null. */
  since: number | null;
}

type Reason = Extract<Admission, { allowed: false }>['reason'];

const REASONS: Record<Reason, string> = {
  address: 'address blocked after too many wrong passwords',
  device: 'known device blocked after too many wrong passwords',
  busy: 'overall budget of password checks spent',
  queue: 'too many checks waiting',
};

export function createLoginRecord(log: (line: string) => void, started: number) {
  const minutes = new Map<number, { failed: number; refused: number }>();
  let lastRefusalLine = -Infinity;
  let unlogged = 0;
  const who = (address: string | undefined, known: boolean) => `${anonymiseIp(address) || 'an unknown address'}${known ? ' (known device)' : ''}`;
  const count = (kind: 'failed' | 'refused', now: number) => {
    const minute = Math.floor(now / 60_000);
    const entry = minutes.get(minute) ?? { failed: 0, refused: 0 };
    entry[kind] += 1;
    minutes.set(minute, entry);
    for (const key of minutes.keys()) {
      if (key > minute - DAY_MS / 60_000) break;
      minutes.delete(key);
    }
  };

  return {
    failed(address: string | undefined, known: boolean, now: number) {
      count('failed', now);
      log(`Owner login failed: wrong password from ${who(address, known)}.`);
    },
    blocked(address: string | undefined, known: boolean, until: number) {
      log(`Owner login: ${who(address, known)} gets no password check until ${new Date(until).toISOString()}, after too many wrong passwords.`);
    },
    refused(address: string | undefined, reason: Reason, now: number) {
      count('refused', now);
      if (now - lastRefusalLine < 60_000) return void (unlogged += 1);
      const more = unlogged > 0 ? `; ${unlogged} more refused since the last such line` : '';
      log(`Owner login refused without a check for ${who(address, reason === 'device')}: ${REASONS[reason]}${more}.`);
      lastRefusalLine = now;
      unlogged = 0;
    },
    counts(now: number): LoginCounts {
      let failed = 0;
      let refused = 0;
      for (const [minute, entry] of minutes) {
        if (now - minute * 60_000 >= DAY_MS) continue;
        failed += entry.failed;
        refused += entry.refused;
      }
      return { failed, refused, since: now - started < DAY_MS ? started : null };
    },
  };
}
