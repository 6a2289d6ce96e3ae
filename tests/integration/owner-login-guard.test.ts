// Guessing the owner's password from many addresses, against the real server and a real SQLite
// file (server/owner/login-throttle.ts): every check without a device cookie counts against one
// budget, so the 11th check in a minute is refused even from an 11th address, while the owner's
// browser with its device cookie still logs in; a queue of checks beyond its bound is refused at
// once; a check whose client has gone is skipped; failures and refusals are logged with the
// shortened address and counted on the System page.
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { CHECK_QUEUE, LOGIN_CHECKS_PER_MINUTE } from '../../server/owner/login-throttle.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { buildSite } from '../support/site-build.ts';
import { tempDir } from '../support/temp-dir.ts';

const PASSWORD = 'Rüttenscheider-Schloss-2026';
const FAILURE_MS = 300;

interface Watched {
  server: RunningServer;
  db: Db;
  lines: string[];
}
const watched: Watched[] = [];

/** A server of its own with the operator's log kept, with the owner's password set. */
async function watchedServer(features: Record<string, unknown> = {}): Promise<Watched> {
  const dir = tempDir('owner-guard-');
  const site = await buildSite();
  const lines: string[] = [];
  const server = await startServer({
    distDir: site.dir,
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'site.db'),
    log: (line: string) => void lines.push(line),
    features: { jobs: false, smtpUrl: null, mailDir: join(dir, 'mail'), backupDir: join(dir, 'backups'), loginFailureMs: FAILURE_MS, googlePlacesApiKey: null, ...features },
  });
  const db = openDatabase(join(dir, 'site.db'));
  storePasswordHash(db, await hashPassword(PASSWORD));
  const one = { server, db, lines };
  watched.push(one);
  return one;
}

afterAll(async () => {
  for (const { server, db } of watched) {
    await server.close();
    db.close();
  }
});

interface Answer {
  status: number;
  body: string;
  ms: number;
  setCookie: string[];
  retryAfter: string | null;
}

async function login(base: string, password: string, address: string, cookie?: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}/intern/anmelden`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ password }),
    redirect: 'manual',
  });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started, setCookie: res.headers.getSetCookie(), retryAfter: res.headers.get('retry-after') };
}

const cookieNamed = (answer: Answer, name: string) => answer.setCookie.find((cookie) => cookie.startsWith(`${name}=`))!.split(';')[0]!;

describe('guessing from many addresses', () => {
  let guarded: Watched;
  beforeAll(async () => {
    guarded = await watchedServer();
  }, 120_000);

  it(`refuses the ${LOGIN_CHECKS_PER_MINUTE + 1}th check in a minute from an ${LOGIN_CHECKS_PER_MINUTE + 1}th address; the owner's known browser still logs in, and the System page counts it all`, async () => {
    const base = guarded.server.url;
    const first = await login(base, PASSWORD, '203.0.113.200');
    expect(first.status).toBe(303);
    const device = cookieNamed(first, 'owner_device');
    for (let i = 1; i < LOGIN_CHECKS_PER_MINUTE; i++) expect((await login(base, `falsch-${i}`, `198.51.100.${i}`)).status).toBe(401);
    const refused = await login(base, PASSWORD, '192.0.2.99');
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Gerade kommen sehr viele Anmeldeversuche von fremden Adressen.');
    expect(refused.retryAfter).toBe('60');
    expect(refused.setCookie).toEqual([]);
    // The owner's browser, even from another address and after a typo, is held back by nobody else.
    expect((await login(base, 'vertippt', '192.0.2.150', device)).status).toBe(401);
    const owner = await login(base, PASSWORD, '192.0.2.150', device);
    expect(owner.status).toBe(303);
    // A device cookie signed by anyone but this server counts for nothing.
    expect((await login(base, PASSWORD, '192.0.2.151', `owner_device=${'A'.repeat(22)}.${'B'.repeat(43)}`)).status).toBe(429);

    const log = guarded.lines.join('\n');
    expect(log.match(/Owner login failed: wrong password from 198\.51\.100\.0\./g)).toHaveLength(LOGIN_CHECKS_PER_MINUTE - 1);
    expect(log).toContain('Owner login failed: wrong password from 192.0.2.0 (known device).');
    expect(log).toContain('Owner login refused without a check for 192.0.2.0: overall budget of password checks spent.');
    expect(log).not.toMatch(/falsch|vertippt|Rüttenscheider|198\.51\.100\.[1-9]/);

    const system = await fetch(`${base}/intern/system`, { headers: { Cookie: cookieNamed(owner, 'owner_session') } }).then((res) => res.text());
    expect(system).toMatch(new RegExp(`Anmeldeversuche der letzten 24 Stunden</dt><dd>${LOGIN_CHECKS_PER_MINUTE} mit falschem Passwort, 2 ohne Prüfung abgewiesen \\(zu viele Versuche\\); gezählt seit dem Start des Servers am \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d Uhr`));
  }, 60_000);
});

describe('a queue of checks', () => {
  let guarded: Watched;
  beforeAll(async () => {
    guarded = await watchedServer({ loginChecksPerMinute: 10_000, loginChecksPerHour: 100_000 });
  }, 120_000);

  it(`answers 429 at once to checks beyond the ${CHECK_QUEUE} waiting`, async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(guarded.server.url, 'falsch', `198.18.${i}.1`)));
    const checked = answers.filter((answer) => answer.status === 401);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(checked.length + refused.length).toBe(30);
    expect(checked.length).toBeGreaterThanOrEqual(CHECK_QUEUE);
    expect(refused.length).toBeGreaterThanOrEqual(30 - 2 * CHECK_QUEUE);
    // Refused without waiting for any check: sooner than the fixed time every failure waits.
    expect(Math.max(...refused.map((answer) => answer.ms))).toBeLessThan(Math.min(...checked.map((answer) => answer.ms)));
    expect(refused[0]!.body).toContain('Gerade kommen sehr viele Anmeldeversuche');
    expect(guarded.lines.join('\n')).toContain('too many checks waiting');
  }, 60_000);

  it("skips the check of a client that has gone before its turn", async () => {
    const base = new URL(guarded.server.url);
    const before = guarded.lines.length;
    // Two checks that keep the queue busy, then three whose clients close at once.
    const kept = [login(guarded.server.url, 'falsch', '198.19.0.1'), login(guarded.server.url, 'falsch', '198.19.0.2')];
    await new Promise((resolve) => setTimeout(resolve, 30));
    for (let i = 0; i < 3; i++) {
      const req = httpRequest({ hostname: base.hostname, port: base.port, path: '/intern/anmelden', method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '192.0.2.33' } });
      req.on('error', () => undefined);
      req.end('password=falsch', () => setTimeout(() => req.destroy(), 10));
    }
    expect((await Promise.all(kept)).map((answer) => answer.status)).toEqual([401, 401]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = guarded.lines.slice(before);
    expect(lines.filter((line) => line.includes('wrong password from 198.19.0.0'))).toHaveLength(2);
    expect(lines.filter((line) => line.includes('192.0.2.0'))).toEqual([]);
  }, 60_000);
});
