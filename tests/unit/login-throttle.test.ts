// The console's guessing brakes (server/owner/login-throttle.ts) and its device cookie
// (server/owner/device-cookie.ts) with the clock in the test's hand: five failures block an address
// for 15 minutes; every check without a device cookie counts against one budget a minute and an hour;
// the queue of such checks is bounded; a known device is held back by its own failures only and its
// check runs first; failures, blocks and refusals are logged and counted for the System page.
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../server/http/limit.ts';
import { createCheckQueue } from '../../server/owner/check-queue.ts';
import { knownDevice, newDevice } from '../../server/owner/device-cookie.ts';
import { ADDRESS_BLOCK_MS, ADDRESS_FAILURES, CHECK_QUEUE, createLoginThrottle, LOGIN_CHECKS_PER_HOUR, LOGIN_CHECKS_PER_MINUTE, type LoginClient } from '../../server/owner/login-throttle.ts';

const from = (address: string): LoginClient => ({ address, device: null });
const device = (id: string, address = '203.0.113.50'): LoginClient => ({ address, device: id });
/** Ends every admitted attempt of these clients as a failure at `now`. */
const fail = (throttle: ReturnType<typeof createLoginThrottle>, clients: LoginClient[], now: number) => clients.forEach((client) => throttle.failed(client, now));

describe('login throttle', () => {
  it(`blocks an address after ${ADDRESS_FAILURES} failures until 15 minutes after the last`, () => {
    const throttle = createLoginThrottle({ perMinute: 100, perHour: 1000 });
    const t0 = 1_000_000;
    for (let i = 0; i < ADDRESS_FAILURES; i++) {
      expect(throttle.admit(from('192.0.2.1'), t0 + i)).toEqual({ allowed: true });
      throttle.failed(from('192.0.2.1'), t0 + i);
    }
    const last = t0 + ADDRESS_FAILURES - 1;
    expect(throttle.admit(from('192.0.2.1'), last + 1)).toEqual({ allowed: false, reason: 'address', until: last + ADDRESS_BLOCK_MS });
    expect(throttle.admit(from('192.0.2.1'), last + ADDRESS_BLOCK_MS)).toEqual({ allowed: true });
  });

  it('counts attempts still being checked, so many sent at once from one address get no more checks', () => {
    const throttle = createLoginThrottle({ perMinute: 100, perHour: 1000, queue: 100 });
    const answers = Array.from({ length: 200 }, () => throttle.admit(from('192.0.2.9'), 1_000));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(ADDRESS_FAILURES);
  });

  it(`counts every check without a device cookie, first attempts included: ${LOGIN_CHECKS_PER_MINUTE} a minute from different addresses, then busy`, () => {
    const throttle = createLoginThrottle({ queue: 1000 });
    const now = 5_000_000;
    const clients = Array.from({ length: LOGIN_CHECKS_PER_MINUTE + 1 }, (_, i) => from(`198.51.100.${i}`));
    const answers = clients.map((client, i) => throttle.admit(client, now + i));
    expect(answers.slice(0, LOGIN_CHECKS_PER_MINUTE).every((answer) => answer.allowed)).toBe(true);
    expect(answers.at(-1)).toEqual({ allowed: false, reason: 'busy' });
    fail(throttle, clients.slice(0, LOGIN_CHECKS_PER_MINUTE), now + 100);
    // A minute later the next ten may try.
    expect(throttle.admit(from('198.51.100.200'), now + 60_000)).toEqual({ allowed: true });
  });

  it(`allows at most ${LOGIN_CHECKS_PER_HOUR} checks an hour, however they are spread over its minutes`, () => {
    const throttle = createLoginThrottle({ queue: 1000 });
    let allowed = 0;
    for (let minute = 0; minute < 60; minute++) {
      for (let i = 0; i < LOGIN_CHECKS_PER_MINUTE; i++) {
        const client = from(`10.${minute}.${i}.1`);
        if (throttle.admit(client, minute * 60_000 + i).allowed) {
          allowed += 1;
          throttle.failed(client, minute * 60_000 + i);
        }
      }
    }
    expect(allowed).toBe(LOGIN_CHECKS_PER_HOUR);
    expect(throttle.admit(from('10.99.0.1'), 3_600_000 + 10)).toEqual({ allowed: true });
  });

  it(`refuses a check beyond ${CHECK_QUEUE} waiting at once without spending the budget; a finished check frees its place`, () => {
    const throttle = createLoginThrottle();
    const clients = Array.from({ length: CHECK_QUEUE + 2 }, (_, i) => from(`192.0.2.${100 + i}`));
    const answers = clients.map((client) => throttle.admit(client, 1_000));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(CHECK_QUEUE);
    expect(answers.at(-1)).toEqual({ allowed: false, reason: 'queue' });
    throttle.skipped(clients[0]!);
    expect(throttle.admit(from('192.0.2.200'), 1_001)).toEqual({ allowed: true });
  });

  it('lets a known device in while the budget is spent, the queue full and its address blocked; only its own failures block it', () => {
    const throttle = createLoginThrottle({ queue: 3 });
    const now = 9_000_000;
    for (let i = 0; i < ADDRESS_FAILURES; i++) {
      throttle.admit(from('203.0.113.50'), now);
      throttle.failed(from('203.0.113.50'), now);
    }
    for (let i = 0; i < 3; i++) throttle.admit(from(`198.51.100.${i}`), now);
    expect(throttle.admit(from('198.51.100.99'), now + 1)).toEqual({ allowed: false, reason: 'queue' });
    expect(throttle.admit(from('203.0.113.50'), now + 1)).toMatchObject({ allowed: false, reason: 'address' });
    for (let i = 0; i < 3; i++) throttle.failed(from(`198.51.100.${i}`), now);
    for (let i = 3; i < LOGIN_CHECKS_PER_MINUTE - 2; i++) throttle.admit(from(`198.51.100.${i}`), now);
    expect(throttle.admit(from('198.51.100.99'), now + 1)).toEqual({ allowed: false, reason: 'busy' });
    const owner = device('owner-browser');
    expect(throttle.admit(owner, now + 2)).toEqual({ allowed: true });
    throttle.succeeded(owner);
    for (let i = 0; i < ADDRESS_FAILURES; i++) {
      expect(throttle.admit(owner, now + 10 + i)).toEqual({ allowed: true });
      throttle.failed(owner, now + 10 + i);
    }
    expect(throttle.admit(owner, now + 20)).toMatchObject({ allowed: false, reason: 'device' });
    expect(throttle.admit(device('another-device'), now + 20)).toEqual({ allowed: true });
  });

  it('forgets an address failures once the right password came from it', () => {
    const throttle = createLoginThrottle({ perMinute: 100, perHour: 1000 });
    for (let i = 0; i < ADDRESS_FAILURES - 1; i++) throttle.failed(from('192.0.2.3'), i);
    throttle.succeeded(from('192.0.2.3'));
    throttle.failed(from('192.0.2.3'), 10);
    expect(throttle.admit(from('192.0.2.3'), 11)).toEqual({ allowed: true });
  });

  it('counts IPv6 addresses by their /64 and an IPv4-mapped address as the IPv4 one', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::2'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    const throttle = createLoginThrottle();
    for (let i = 0; i < ADDRESS_FAILURES; i++) throttle.failed(from(`2001:db8:1:2::${i + 1}`), i);
    expect(throttle.admit(from('2001:db8:1:2::ffff'), 10)).toMatchObject({ allowed: false, reason: 'address' });
  });

  it('logs failures and blocks with the shortened address, refusals at most once a minute, and counts the last 24 hours', () => {
    const lines: string[] = [];
    const started = 50_000_000;
    const throttle = createLoginThrottle({ log: (line) => lines.push(line), now: started });
    for (let i = 0; i < ADDRESS_FAILURES; i++) throttle.failed(from('192.0.2.77'), started + i);
    for (let i = 0; i < 30; i++) throttle.admit(from('192.0.2.77'), started + 100 + i);
    throttle.admit(from('192.0.2.77'), started + 61_000);
    expect(lines.filter((line) => line.startsWith('Owner login failed: wrong password from 192.0.2.0'))).toHaveLength(ADDRESS_FAILURES);
    expect(lines.filter((line) => line.includes('gets no password check until'))).toHaveLength(1);
    const refusals = lines.filter((line) => line.startsWith('Owner login refused'));
    expect(refusals).toHaveLength(2);
    expect(refusals[1]).toContain('29 more refused');
    expect(lines.join('\n')).not.toContain('192.0.2.77');
    expect(throttle.counts(started + 62_000)).toEqual({ failed: ADDRESS_FAILURES, refused: 31, since: started });
    expect(throttle.counts(started + 24 * 3_600_000 + 120_000)).toEqual({ failed: 0, refused: 0, since: null });
  });
});

describe('device cookie', () => {
  it('names a device only when signed under the current password hash', () => {
    const hash = 'scrypt$32768$8$3$c2FsdA$a2V5';
    const value = newDevice(hash);
    const id = knownDevice({ cookie: `owner_session=x; owner_device=${value}` }, hash);
    expect(id).toBe(value.split('.')[0]);
    expect(knownDevice({ cookie: `owner_device=${value}` }, `${hash}x`)).toBeNull();
    expect(knownDevice({ cookie: `owner_device=${value.slice(0, -2)}AA` }, hash)).toBeNull();
    expect(knownDevice({ cookie: `owner_device=${value.split('.')[0]}.${newDevice(hash).split('.')[1]}` }, hash)).toBeNull();
    expect(knownDevice({}, hash)).toBeNull();
  });
});

describe('check queue', () => {
  it("runs a known device's check without waiting for the guess being checked, and starts no other guess meanwhile", async () => {
    const run = createCheckQueue();
    const events: string[] = [];
    const work = (name: string, ms: number) => async () => {
      events.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`${name} ends`);
    };
    const guesses = [run(false, work('guess 1', 60)), run(false, work('guess 2', 10)), run(false, work('guess 3', 10))];
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([...guesses, run(true, work('owner', 20))]);
    expect(events).toEqual(['guess 1 starts', 'owner starts', 'owner ends', 'guess 1 ends', 'guess 2 starts', 'guess 2 ends', 'guess 3 starts', 'guess 3 ends']);
  });
});
