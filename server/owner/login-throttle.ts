// Guessing the owner's password, slowed (docs/owner-console.md, "Guessing the password"):
// - a known device (the owner's browser, recognised by its device cookie, server/owner/device-cookie.ts)
//   is held back by its own failures only: after ADDRESS_FAILURES wrong passwords within
//   ADDRESS_BLOCK_MS it waits ADDRESS_BLOCK_MS. Nothing anybody else does delays or refuses it, and
//   its check runs in a lane of its own, beside the others' (server/owner/check-queue.ts);
// - every other request: each password check counts against one overall budget, first attempts
//   included (LOGIN_CHECKS_PER_MINUTE, LOGIN_CHECKS_PER_HOUR), so a thousand addresses together get
//   no more checks than one; an address (IPv6: its /64, `addressKey`) blocks itself for
//   ADDRESS_BLOCK_MS after ADDRESS_FAILURES failures; attempts still being checked count too; and at
//   most CHECK_QUEUE of its checks wait or run at once: one more is refused at once;
// - a check whose client has gone before its turn is skipped (server/owner/login.tsx).
// Failures, blocks and refusals are logged with the shortened address (server/visits/address.ts) and
// counted for the System page (server/owner/login-record.ts). Addresses are kept in memory only.
import { addressKey } from '../http/limit.ts';
import { createCheckQueue } from './check-queue.ts';
import { createLoginRecord, type LoginCounts } from './login-record.ts';

export const ADDRESS_FAILURES = 5;
export const ADDRESS_BLOCK_MS = 15 * 60_000;
/**
 * The overall budget of password checks without a device cookie. OWASP ASVS 2.2.1 allows at most 100
 * failed attempts an hour per account; the console has one account, so 100 checks an hour in all,
 * and at most 10 of them in one minute, so a burst cannot spend the hour at once. The owner logs in
 * a few times a day, from his known browser outside this budget.
 */
export const LOGIN_CHECKS_PER_MINUTE = 10;
export const LOGIN_CHECKS_PER_HOUR = 100;
/** Checks without a device cookie waiting or running at most: about 1.5 s of scrypt on a small server. */
export const CHECK_QUEUE = 5;
/** Addresses and devices remembered at most; the oldest are forgotten first. */
const MAX_KEYS = 10_000;

/** Who asks: the address the request came from and the known device its cookie names (null: none). */
export interface LoginClient {
  address: string | undefined;
  device: string | null;
}

export type Admission =
  | { allowed: true }
  | { allowed: false; reason: 'address' | 'device'; until: number }
  | { allowed: false; reason: 'busy' | 'queue' };
export type Refusal = Exclude<Admission, { allowed: true }>;

export interface LoginThrottle {
  /** Whether the client may have its password checked now; every admitted attempt ends in `failed`, `succeeded` or `skipped`. */
  admit(client: LoginClient, now?: number): Admission;
  failed(client: LoginClient, now?: number): void;
  succeeded(client: LoginClient): void;
  /** The client was gone before its check ran: the attempt ends without counting as a failure. */
  skipped(client: LoginClient): void;
  /** Runs the password check: one at a time for known devices, one at a time for all others.*/
  check<T>(client: LoginClient, work: () => Promise<T>): Promise<T>;
  /** Wrong passwords and refused attempts of the last 24 hours, and since when they are counted. */
  counts(now?: number): LoginCounts;
}

export interface ThrottleOptions {
  perMinute?: number;
  perHour?: number;
  queue?: number;
  /** The operator's log. */
  log?: (line: string) => void;
  now?: number;
}

const keyOf = (client: LoginClient) => (client.device === null ? addressKey(client.address) : `device ${client.device}`);

export function createLoginThrottle({ perMinute = LOGIN_CHECKS_PER_MINUTE, perHour = LOGIN_CHECKS_PER_HOUR, queue = CHECK_QUEUE, log = () => undefined, now: started = Date.now() }: ThrottleOptions = {}): LoginThrottle {
  const failures = new Map<string, number[]>();
  const blocked = new Map<string, number>();
  /** Admitted attempts whose check has not ended yet, by key. */
  const checking = new Map<string, number>();
  /** When each check without a device cookie of the last hour was admitted. */
  let overall: number[] = [];
  let queued = 0;
  const runCheck = createCheckQueue();
  const record = createLoginRecord(log, started);

  const recent = (key: string, now: number): number[] => {
    const times = (failures.get(key) ?? []).filter((time) => now - time < ADDRESS_BLOCK_MS);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };
  const done = (client: LoginClient) => {
    const key = keyOf(client);
    const left = (checking.get(key) ?? 1) - 1;
    if (left > 0) checking.set(key, left);
    else checking.delete(key);
    if (client.device === null) queued = Math.max(0, queued - 1);
  };
  /** A refusal for the budget or the queue, or null when the client is within both. */
  const overallRefusal = (now: number): Refusal | null => {
    overall = overall.filter((time) => now - time < 3_600_000);
    if (overall.length >= perHour || overall.filter((time) => now - time < 60_000).length >= perMinute) return { allowed: false, reason: 'busy' };
    if (queued >= queue) return { allowed: false, reason: 'queue' };
    return null;
  };
  const refuse = (client: LoginClient, refusal: Refusal, now: number): Refusal => {
    record.refused(client.address, refusal.reason, now);
    return refusal;
  };

  return {
    admit(client, now = Date.now()) {
      const key = keyOf(client);
      const reason = client.device === null ? 'address' : 'device';
      const until = blocked.get(key);
      if (until !== undefined && until > now) return refuse(client, { allowed: false, reason, until }, now);
      blocked.delete(key);
      if (recent(key, now).length + (checking.get(key) ?? 0) >= ADDRESS_FAILURES) return refuse(client, { allowed: false, reason, until: now + ADDRESS_BLOCK_MS }, now);
      if (client.device === null) {
        const refusal = overallRefusal(now);
        if (refusal !== null) return refuse(client, refusal, now);
        overall.push(now);
        queued += 1;
      }
      checking.set(key, (checking.get(key) ?? 0) + 1);
      return { allowed: true };
    },
    failed(client, now = Date.now()) {
      const key = keyOf(client);
      done(client);
      const times = [...recent(key, now), now];
      failures.delete(key);
      failures.set(key, times);
      record.failed(client.address, client.device !== null, now);
      if (times.length >= ADDRESS_FAILURES) {
        blocked.set(key, now + ADDRESS_BLOCK_MS);
        failures.delete(key);
        record.blocked(client.address, client.device !== null, now + ADDRESS_BLOCK_MS);
      }
      for (const map of [failures, blocked] as Map<string, unknown>[]) {
        while (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
      }
    },
    succeeded(client) {
      done(client);
      failures.delete(keyOf(client));
    },
    skipped: done,
    check: (client, work) => runCheck(client.device !== null, work),
    counts: (now = Date.now()) => record.counts(now),
  };
}
