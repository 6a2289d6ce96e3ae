// Page views deduplicated per shortened address, path and minute, in memory only: a reload, a
// double tap or a script fetching one page in a loop counts once a minute instead of every
// time. The key is the address as anonymiseIp shortens it (IPv4 /24, IPv6 /48), so nothing held
// here singles out a connection, and the set is emptied at every new minute, so nothing per
// address outlives it or reaches the database (the privacy policy, data/privacy.yaml, names no
// address for the page counts). Two visitors behind one /24 who open the same page in the same
// minute count once: the price of keeping no full address.
import { anonymiseIp } from './address.ts';

/**
 * Keys held per minute at most. A minute with more distinct (address, path) pairs counts the rest
 * without deduplication rather than growing the set: about 100 bytes a key, so at most some 2 MiB.
 */
export const RECENT_VIEWS_LIMIT = 20_000;

export interface RecentViews {
  /** Whether this view is the first of its shortened address and path in the minute of `at`. */
  firstInMinute(address: string, path: string, at: number): boolean;
}

export function createRecentViews(limit = RECENT_VIEWS_LIMIT): RecentViews {
  let minute = -1;
  const seen = new Set<string>();
  return {
    firstInMinute(address, path, at) {
      const current = Math.floor(at / 60_000);
      if (current !== minute) {
        minute = current;
        seen.clear();
      }
      const shortened = anonymiseIp(address);
      // An address that is not one (a Unix socket) cannot be told apart from others: counted.
      if (shortened === '') return true;
      const key = `${shortened} ${path}`;
      if (seen.has(key)) return false;
      if (seen.size < limit) seen.add(key);
      return true;
    },
  };
}
