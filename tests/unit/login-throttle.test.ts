// The console's guessing brakes (server/owner/login-throttle.ts) with the clock in the test's hand:
// five failures block an address for 15 minutes, addresses that failed share a budget a minute,
// and an address that has not failed is never held back by anyone else's guessing.
import { describe, expect, it } from 'vitest';
import { ADDRESS_BLOCK_MS, ADDRESS_FAILURES, addressKey, createLoginThrottle, OVERALL_PER_MINUTE } from '../../server/owner/login-throttle.ts';

describe('login throttle', () => {
  it(`blocks an address after ${ADDRESS_FAILURES} failures until 15 minutes after the last`, () => {
    const throttle = createLoginThrottle();
    const t0 = 1_000_000;
    for (let i = 0; i < ADDRESS_FAILURES; i++) {
      expect(throttle.admit('192.0.2.1', t0 + i)).toEqual({ allowed: true });
      throttle.failed('192.0.2.1', t0 + i);
    }
    const last = t0 + ADDRESS_FAILURES - 1;
    expect(throttle.admit('192.0.2.1', last + 1)).toEqual({ allowed: false, reason: 'address', until: last + ADDRESS_BLOCK_MS });
    expect(throttle.admit('192.0.2.1', last + ADDRESS_BLOCK_MS)).toEqual({ allowed: true });
  });

  it(`admits at most ${ADDRESS_FAILURES} attempts from one address at once: many sent together get no more checks`, () => {
    const throttle = createLoginThrottle();
    const answers = Array.from({ length: 200 }, () => throttle.admit('192.0.2.9', 1_000));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(ADDRESS_FAILURES);
    expect(answers.at(-1)).toMatchObject({ allowed: false, reason: 'address' });
    // Once those checks fail, the address is blocked; another address was never affected.
    for (let i = 0; i < ADDRESS_FAILURES; i++) throttle.failed('192.0.2.9', 2_000);
    expect(throttle.admit('192.0.2.9', 2_001)).toMatchObject({ allowed: false, reason: 'address', until: 2_000 + ADDRESS_BLOCK_MS });
    expect(throttle.admit('192.0.2.10', 2_001)).toEqual({ allowed: true });
  });

  it('forgets failures older than the window and after a success', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < ADDRESS_FAILURES - 1; i++) throttle.failed('192.0.2.2', i);
    throttle.failed('192.0.2.2', ADDRESS_BLOCK_MS + 10);
    expect(throttle.admit('192.0.2.2', ADDRESS_BLOCK_MS + 11)).toEqual({ allowed: true });
    for (let i = 0; i < ADDRESS_FAILURES - 1; i++) throttle.failed('192.0.2.3', i);
    throttle.succeeded('192.0.2.3');
    throttle.failed('192.0.2.3', 10);
    expect(throttle.admit('192.0.2.3', 11)).toEqual({ allowed: true });
  });

  it('lets addresses that failed share a budget a minute, and never holds back one that has not', () => {
    const throttle = createLoginThrottle();
    const now = 5_000_000;
    for (let i = 0; i < OVERALL_PER_MINUTE + 5; i++) throttle.failed(`198.51.100.${i}`, now);
    const answers = Array.from({ length: OVERALL_PER_MINUTE + 5 }, (_, i) => throttle.admit(`198.51.100.${i}`, now + 1));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(OVERALL_PER_MINUTE);
    expect(answers.at(-1)).toEqual({ allowed: false, reason: 'busy' });
    expect(throttle.admit('203.0.113.9', now + 2)).toEqual({ allowed: true });
    expect(throttle.admit('198.51.100.0', now + 60_002)).toEqual({ allowed: true });
  });

  it('counts IPv6 addresses by their /64 and an IPv4-mapped address as the IPv4 one', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::2'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    const throttle = createLoginThrottle();
    for (let i = 0; i < ADDRESS_FAILURES; i++) throttle.failed(`2001:db8:1:2::${i + 1}`, i);
    expect(throttle.admit('2001:db8:1:2::ffff', 10)).toMatchObject({ allowed: false, reason: 'address' });
  });
});
