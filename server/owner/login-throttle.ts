// Guessing the owner's password, slowed three ways (docs/owner-console.md):
// - per address: after ADDRESS_FAILURES wrong passwords within ADDRESS_BLOCK_MS, that address gets
//   no password check for ADDRESS_BLOCK_MS and is told so plainly, with the time it may try again;
//   attempts still being checked count too, so sending many at once gets no more checks;
// - overall: addresses that have failed recently share OVERALL_PER_MINUTE checks a minute, so many
//   addresses cannot each take their five tries at once; an address that has not failed is never
//   held back by this, so the owner is never locked out by someone else's guessing;
// - per check: one password check runs at a time (scrypt's memory stays at one check's 32 MiB),
//   and every failure is answered the same fixed time after it arrived (config.loginFailureMs).
// Addresses are kept in memory only, never stored; IPv6 addresses count by their /64, the
// smallest block one household gets.
import ipaddr from 'ipaddr.js';
import pLimit from 'p-limit';

export const ADDRESS_FAILURES = 5;
export const ADDRESS_BLOCK_MS = 15 * 60_000;
export const OVERALL_PER_MINUTE = 30;
/** Addresses remembered at most; the oldest are forgotten first. */
const MAX_ADDRESSES = 10_000;

export type Admission = { allowed: true } | { allowed: false; reason: 'address'; until: number } | { allowed: false; reason: 'busy' };

export interface LoginThrottle {
  /** Whether the address may have its password checked now; every admitted attempt ends in `failed` or `succeeded`. */
  admit(address: string | undefined, now?: number): Admission;
  failed(address: string | undefined, now?: number): void;
  succeeded(address: string | undefined): void;
  /** Runs one password check at a time. */
  check<T>(work: () => Promise<T>): Promise<T>;
}

/** The unit an address is counted by: itself for IPv4, its /64 for IPv6. */
export function addressKey(address: string | undefined): string {
  const value = (address ?? '').replace(/%.*$/, '');
  if (!ipaddr.isValid(value)) return value;
  const parsed = ipaddr.process(value);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${new ipaddr.IPv6([...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]).toNormalizedString()}/64`;
}

export function createLoginThrottle(): LoginThrottle {
  const failures = new Map<string, number[]>();
  const blocked = new Map<string, number>();
  /** Admitted attempts whose check has not ended yet, by address. */
  const checking = new Map<string, number>();
  const done = (key: string) => {
    const left = (checking.get(key) ?? 1) - 1;
    if (left > 0) checking.set(key, left);
    else checking.delete(key);
  };
  let overall: number[] = [];
  const limit = pLimit(1);

  const recent = (key: string, now: number): number[] => {
    const times = (failures.get(key) ?? []).filter((time) => now - time < ADDRESS_BLOCK_MS);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };

  return {
    admit(address, now = Date.now()) {
      const key = addressKey(address);
      const until = blocked.get(key);
      if (until !== undefined && until > now) return { allowed: false, reason: 'address', until };
      blocked.delete(key);
      const attempts = recent(key, now).length + (checking.get(key) ?? 0);
      if (attempts >= ADDRESS_FAILURES) return { allowed: false, reason: 'address', until: now + ADDRESS_BLOCK_MS };
      if (attempts > 0) {
        overall = overall.filter((time) => now - time < 60_000);
        if (overall.length >= OVERALL_PER_MINUTE) return { allowed: false, reason: 'busy' };
        overall.push(now);
      }
      checking.set(key, (checking.get(key) ?? 0) + 1);
      return { allowed: true };
    },
    failed(address, now = Date.now()) {
      const key = addressKey(address);
      done(key);
      const times = [...recent(key, now), now];
      failures.delete(key);
      failures.set(key, times);
      if (times.length >= ADDRESS_FAILURES) {
        blocked.set(key, now + ADDRESS_BLOCK_MS);
        failures.delete(key);
      }
      for (const map of [failures, blocked] as Map<string, unknown>[]) {
        while (map.size > MAX_ADDRESSES) map.delete(map.keys().next().value!);
      }
    },
    succeeded(address) {
      const key = addressKey(address);
      done(key);
      failures.delete(key);
    },
    check: (work) => limit(work),
  };
}
