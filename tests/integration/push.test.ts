// Alerts on the owner's phone against a local push service that speaks the Web Push protocol
// (tests/support/push-service.ts: it verifies the VAPID signature and decrypts every payload as a
// browser would): keys made by the real `npm run owner:push-keys`, a subscription through the
// console's API, the push for a new contact message, a device its push service reports gone, the
// remove button, and the app files a browser fetches without cookies.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { startPushService, tokenOf, type BrowserSubscription, type PushService } from '../support/push-service.ts';
import { ROOT } from '../support/data-copy.ts';

const PASSWORD = 'push-test-passwort-1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let push: PushService;
let site: OwnerSite;
let visitor = 1;

beforeAll(async () => {
  push = await startPushService();
  site = await openOwnerSite('push-', PASSWORD, { pushCa: push.ca });
});
afterAll(async () => {
  await site?.close();
  await push?.close();
});

function subscribeDevice(subscription: unknown, { userAgent = ANDROID_CHROME, sameOrigin = true } = {}) {
  return fetch(`${site.server.url}/intern/benachrichtigungen/abonnieren`, {
    method: 'POST',
    headers: { Cookie: site.cookie, 'Content-Type': 'application/json', 'User-Agent': userAgent, 'Sec-Fetch-Site': sameOrigin ? 'same-origin' : 'cross-site' },
    body: JSON.stringify(subscription),
  });
}

async function sendContact(name: string, message: string): Promise<{ id: number; answeredAt: number }> {
  const response = await fetch(`${site.server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${visitor++}` },
    body: JSON.stringify({ form: 'kontakt', name, phone: '0201 123456', message, privacy: true }),
  });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, answeredAt: Date.now() };
}

async function until<T>(check: () => T | undefined, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const deviceCount = () => (site.db.prepare('SELECT count(*) AS n FROM push_subscriptions').get() as { n: number }).n;

describe('before the keys are made', () => {
  it('the Benachrichtigungen page says that alerts are not set up and what the technician runs; subscribing is refused', async () => {
    const { status, html } = await site.page('/intern/benachrichtigungen');
    expect(status).toBe(200);
    expect(html).toContain(site.words.push.notSetUp);
    expect(html).toContain('npm run owner:push-keys');
    expect(html).not.toContain('data-push-setup');
    expect((await subscribeDevice(push.subscribe())).status).toBe(409);
  });
});

describe('with keys from npm run owner:push-keys', () => {
  let phone: BrowserSubscription;

  beforeAll(async () => {
    // The real command on the server's database file, as the technician runs it.
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/owner-push-keys.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_PATH: site.db.name }, timeout: 60_000 });
    expect(stdout).toMatch(/Push keys stored/);
  }, 90_000);

  it('the page offers the button (shown by its script) and says without JavaScript what alerts need', async () => {
    const { html } = await site.page('/intern/benachrichtigungen');
    expect(html).toContain('data-push-setup');
    expect(html).toContain(site.words.push.needsScript);
    expect(html).toContain(site.words.push.enable);
    expect(html).toContain('<script src="/intern/push.js"');
  });

  it('refuses a subscription from another site and one that is not a push subscription', async () => {
    expect((await subscribeDevice(push.subscribe(), { sameOrigin: false })).status).toBe(403);
    expect((await subscribeDevice({ endpoint: 'http://127.0.0.1:1/x', keys: { p256dh: 'x', auth: 'y' } })).status).toBe(422);
    expect(deviceCount()).toBe(0);
  });

  it('stores a device subscribed through the API and lists it with a German label on the System page', async () => {
    phone = push.subscribe();
    const answer = await subscribeDevice(phone);
    expect(answer.status).toBe(201);
    const { html } = await site.page('/intern/system');
    expect(html).toContain('Android-Telefon, Chrome');
    expect(html).toContain(site.words.push.remove);
  });

  it('a new contact message reaches the subscribed phone within 5 s, signed and encrypted, with the name, the first words and the message\'s page', async () => {
    const text = 'Meine Haustür ist zugefallen, der Schlüssel steckt innen. Bitte kommen Sie so schnell wie möglich, ich stehe mit zwei Kindern vor der Tür in Rüttenscheid.';
    const before = push.received.length;
    const { id, answeredAt } = await sendContact('Jürgen Groß', text);
    const arrived = await until(() => push.received.slice(before).find((entry) => entry.token === tokenOf(phone)), 5_000);
    expect(Date.now() - answeredAt).toBeLessThan(5_000);
    const payload = arrived.payload as { title: string; body: string; url: string };
    expect(payload.title).toBe('Neue Anfrage von Jürgen Groß');
    expect(payload.body.startsWith('Meine Haustür ist zugefallen, der Schlüssel steckt innen.')).toBe(true);
    expect(payload.body.length).toBeLessThanOrEqual(102);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(payload.url).toBe(`/intern/nachrichten/${id}`);
    expect(arrived.claims.aud).toBe(push.url);
    expect(arrived.claims.sub).toBe('mailto:info@example.com');
    const stored = site.db.prepare('SELECT public_key FROM owner_push_keys').get() as { public_key: string };
    expect(arrived.vapidKey).toBe(stored.public_key);
    expect(push.refused).toEqual([]);
    // The message itself and its mail are as without alerts.
    expect(site.db.prepare('SELECT name FROM contact_messages WHERE id = ?').get(id)).toEqual({ name: 'Jürgen Groß' });
  });

  it('deletes a device its push service answers 410 for, logs it and tells the owner on the System page', async () => {
    const gone = push.subscribe();
    expect((await subscribeDevice(gone, { userAgent: IPHONE_SAFARI })).status).toBe(201);
    expect(deviceCount()).toBe(2);
    push.answer(tokenOf(gone), 410);
    await sendContact('Erika Müller', 'Bitte um Rückruf.');
    await until(() => (deviceCount() === 1 ? true : undefined), 5_000);
    expect(site.log.some((line) => /answered HTTP 410 for device \d+ \(iPhone, Safari\): it has unsubscribed, so it was deleted/.test(line))).toBe(true);
    const { html } = await site.page('/intern/system');
    expect(html).not.toContain('iPhone, Safari');
    expect(html).toContain(site.words.push.failures.gone);
  });

  it('removes a device with its button', async () => {
    const tablet = push.subscribe();
    const answer = await subscribeDevice(tablet, { userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' });
    const { id } = (await answer.json()) as { id: number };
    expect((await site.page('/intern/benachrichtigungen')).html).toContain('Android-Tablet, Chrome');
    const removed = await fetch(`${site.server.url}/intern/benachrichtigungen/geraete/${id}/entfernen`, { method: 'POST', headers: { Cookie: site.cookie, 'Sec-Fetch-Site': 'same-origin' }, redirect: 'manual' });
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/intern/benachrichtigungen?entfernt');
    const { html } = await site.page('/intern/benachrichtigungen?entfernt');
    expect(html).toContain(site.words.push.removed);
    expect(html).not.toContain('Android-Tablet, Chrome');
  });
});

describe('the console as an app', () => {
  it('every console page links the manifest, which a browser gets without cookies', async () => {
    expect((await site.page('/intern/nachrichten')).html).toContain('<link rel="manifest" href="/intern/manifest.webmanifest"/>');
    const answer = await fetch(`${site.server.url}/intern/manifest.webmanifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ start_url: '/intern/nachrichten', scope: '/intern/', display: 'standalone', lang: 'de', short_name: 'Anfragen', theme_color: '#0b3a66' });
    expect(String(manifest.name)).toMatch(/ – interner Bereich$/);
  });

  it('serves the logo as PNG icons of 192 and 512 pixels and a maskable one, without cookies', async () => {
    for (const [path, size] of [['/intern/app-icon-192.png', 192], ['/intern/app-icon-512.png', 512], ['/intern/app-icon-maskable.png', 512]] as const) {
      const answer = await fetch(`${site.server.url}${path}`);
      expect(answer.status).toBe(200);
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    // The maskable icon fills its corners with the theme colour; the plain one leaves them clear.
    const corner = async (path: string) => (await sharp(Buffer.from(await (await fetch(`${site.server.url}${path}`)).arrayBuffer())).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer()).toJSON().data;
    expect(await corner('/intern/app-icon-maskable.png')).toEqual([11, 58, 102, 255]);
    expect((await corner('/intern/app-icon-512.png'))[3]).toBe(0);
  });

  it('serves the push script and the service worker only behind the login', async () => {
    for (const path of ['/intern/push.js', '/intern/push-sw.js']) {
      const anonymous = await fetch(`${site.server.url}${path}`, { redirect: 'manual' });
      expect(anonymous.status).toBe(303);
      const answer = await fetch(`${site.server.url}${path}`, { headers: { Cookie: site.cookie } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect((await answer.text()).length).toBeGreaterThan(300);
    }
  });
});
