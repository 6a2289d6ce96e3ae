// A flood of contact messages from many addresses (the app trusts the loopback proxy's
// X-Forwarded-For) against the real server, its SQLite file, a real SMTP conversation and the
// local push service: the overall cap (server/contact/cap.ts) answers 503 with Retry-After and the
// phone number, keeps the refused messages as spam, alerts the owner once per episode; the pooled
// transport (server/contact/mail.ts) mails at its steady rate over one connection; and a real
// message after a flood is mailed within what the cap and the rate allow. The cap, its window and
// the rate are made small (ServerOptions.features) so that this runs in seconds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fillSlots } from '../../core/slots.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { startPushService, subscribeOwner, type PushService } from '../support/push-service.ts';
import { MESSAGES, SERVER_WORDS } from '../support/server-files.ts';
import { tempDir } from '../support/temp-dir.ts';
import { eventually, plainTextOf, serveContactSite, startSmtpSink, subjectOf, type SmtpSink } from './fixtures/contact-sink.ts';

const CAP = 6;
const WINDOW_MS = 3_000;
const MAILS_PER_SECOND = 2;
const PASSWORD = 'flood-test-passwort-1';
const PHONE: string = (parse(readFileSync(join(import.meta.dirname, '../../data/site.yaml'), 'utf8')) as { phone: { display: string } }).phone.display;
const FLOOD_WORDS = SERVER_WORDS.console.push.flood;

let smtp: SmtpSink;
let push: PushService;
let site: OwnerSite;
let nextAddress = 1;

beforeAll(async () => {
  [smtp, push] = await Promise.all([startSmtpSink(), startPushService()]);
  site = await openOwnerSite('flood-', PASSWORD, { smtpUrl: smtp.url, pushCa: push.ca, contactPerHour: CAP, contactCapWindowMs: WINDOW_MS, mailsPerSecond: MAILS_PER_SECOND });
  await subscribeOwner(site, push);
});
afterAll(async () => {
  await site?.close();
  await Promise.all([smtp?.close(), push?.close()]);
});

/** A message from an address of its own, so that no per-address limit is reached. */
async function post(message: string, form = false) {
  const n = nextAddress++;
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const fields = { form: 'home', name: 'Flut Tester', email: 'flut@example.de', phone: '', message, privacy: true };
  const response = await fetch(`${site.server.url}/api/contact`, {
    method: 'POST',
    headers: form
      ? { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address, 'Sec-Fetch-Site': 'same-origin' }
      : { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: form ? new URLSearchParams({ ...fields, privacy: 'on' }).toString() : JSON.stringify(fields),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() };
}

const alertMails = () => smtp.mails.filter((mail) => subjectOf(mail.raw) === fillSlots(FLOOD_WORDS.subject, { count: CAP }));
const alertPushes = () => push.received.filter((received) => (received.payload as { tag?: string }).tag === 'flut');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the overall cap on contact messages', () => {
  it('stores the cap, then answers 503 with Retry-After and the phone number, keeps the rest as spam and alerts the owner once', async () => {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(`Flutnachricht Nummer ${i}, bitte ignorieren.`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(CAP);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused).toHaveLength(20 - CAP);
    expect(MESSAGES.contact.overCap).toContain(PHONE);
    for (const answer of refused) {
      expect(JSON.parse(answer.text)).toEqual({ error: MESSAGES.contact.overCap });
      // Until the oldest stored message leaves the window, in whole seconds.
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(Math.ceil((WINDOW_MS + Date.now() - started) / 1000));
    }
    // The plain form without JavaScript gets the message page with the same words.
    const page = await post('Flutnachricht über das Formular ohne JavaScript.', true);
    expect(page.status).toBe(503);
    expect(page.retryAfter).toMatch(/^\d+$/);
    expect(page.text).toContain(MESSAGES.contact.failedTitle);
    expect(page.text).toContain(MESSAGES.contact.overCap);
    // More refusals within the episode alert no more (checked below, once the one alert is there).
    expect((await post('Flutnachricht danach, noch in derselben Flut.')).status).toBe(503);

    const count = (where: string) => (site.db.prepare(`SELECT count(*) AS n FROM contact_messages WHERE message LIKE 'Flutnachricht%' AND ${where}`).get() as { n: number }).n;
    expect(count('spam_reason IS NULL')).toBe(CAP);
    // Kept as spam with the rate limit's reason, never mailed.
    expect(count("spam_reason = 'limit' AND status = 'spam' AND mail_status = 'failed' AND mail_attempts = 0")).toBe(20 - CAP + 2);

    const mail = await eventually(() => alertMails()[0], 15_000);
    const text = plainTextOf(mail.raw);
    expect(text).toContain(fillSlots(FLOOD_WORDS.intro, { count: CAP }));
    // Since the first refusal, in Essen's time as the console writes it.
    const [before, after] = fillSlots(FLOOD_WORDS.refused, { count: CAP, time: '\u0000' }).split('\u0000') as [string, string];
    const at = text.indexOf(before);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(text.slice(at + before.length)).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d/);
    expect(text).toContain(after);
    expect(text).toContain(PHONE);
    expect(text).toContain('/intern/nachrichten?status=spam');
    const pushed = await eventually(() => alertPushes()[0], 10_000);
    expect(pushed.payload).toMatchObject({ title: fillSlots(FLOOD_WORDS.notification, { count: CAP }), url: '/intern/nachrichten?status=spam' });
    expect(site.log.filter((line) => line.startsWith('Contact cap: more than'))).toHaveLength(1);
    await sleep(500);
    expect(alertMails()).toHaveLength(1);
    expect(alertPushes()).toHaveLength(1);
  });

  it('mails at most MAILS_PER_SECOND over one pooled connection', async () => {
    // The cap's messages and the alert, queued at once by the flood above.
    await eventually(() => smtp.mails.length >= CAP + 1 || undefined, 15_000);
    // nodemailer's pool sends MAILS_PER_SECOND, then waits for the second to end. The first second
    // also opens the connection, so the seconds are counted from the first mail of the second one.
    const second = smtp.mails[MAILS_PER_SECOND]!.at;
    smtp.mails.slice(MAILS_PER_SECOND, CAP + 1).forEach((mail, i) => {
      expect(mail.at - second).toBeGreaterThanOrEqual(Math.floor(i / MAILS_PER_SECOND) * 1000 - 50);
    });
    expect(smtp.connections.most).toBe(1);
  });
});

describe('a real message after a flood', () => {
  it('is mailed within the time the cap and the rate allow, and the next flood alerts the owner again', async () => {
    // The first flood's episode ends a window after its last refusal.
    await eventually(() => site.log.find((line) => line.startsWith('Contact cap: the flood since')), WINDOW_MS + 10_000);
    expect(site.log.find((line) => line.startsWith('Contact cap: the flood since'))).toMatch(/ 16 messages were refused over the cap of 6\.$/);
    // Four seconds of messages from ever new addresses, one after the other.
    const floodEnd = Date.now() + 4_000;
    let stored = 0;
    let sent = 0;
    while (Date.now() < floodEnd) {
      sent += 1;
      if ((await post(`Zweite Flut, Nachricht ${sent}.`)).status === 201) stored += 1;
    }
    // Only the cap of each window was stored: at most two windows' worth in four seconds.
    expect(sent).toBeGreaterThan(3 * CAP);
    expect(stored).toBeLessThanOrEqual(2 * CAP);

    // The real visitor is told to wait (Retry-After), and then sends it.
    const real = 'Echte Anfrage nach der Flut: Ich habe mich ausgesperrt, bitte rufen Sie zurück.';
    let answer = await post(real);
    while (answer.status === 503) {
      await sleep(Number(answer.retryAfter) * 1000);
      answer = await post(real);
    }
    expect(answer.status).toBe(201);
    const accepted = Date.now();
    // Ahead of it in the pool: at most the cap's other messages of the window and the alert.
    const boundMs = (Math.floor((CAP + 1) / MAILS_PER_SECOND) + 1) * 1000 + 2_000;
    const mail = await eventually(() => smtp.mails.find((arrival) => plainTextOf(arrival.raw).includes('Echte Anfrage nach der Flut')), boundMs + 5_000);
    expect(mail.at - accepted).toBeLessThanOrEqual(boundMs);
    // The second flood was an episode of its own: one more alert.
    await eventually(() => alertMails()[1], 15_000);
    expect(alertMails()).toHaveLength(2);
    expect(site.log.filter((line) => line.startsWith('Contact cap: more than'))).toHaveLength(2);
  });
});

describe('the cap after a restart', () => {
  it('counts the messages the database holds, so a restart during a flood does not reopen the form', async () => {
    const root = tempDir('flood-restart-');
    const features = { contactPerHour: 3, contactCapWindowMs: 60 * 60_000 };
    const first = await serveContactSite(root, features);
    const send = (url: string, n: number) =>
      fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${n}` },
        body: JSON.stringify({ form: 'home', name: 'Neustart Tester', email: 'neustart@example.de', phone: '', message: `Nachricht ${n} vor und nach dem Neustart.`, privacy: true }),
      });
    try {
      for (let n = 1; n <= 3; n += 1) expect((await send(first.url, n)).status).toBe(201);
      expect((await send(first.url, 4)).status).toBe(503);
    } finally {
      await first.close();
    }
    const second = await serveContactSite(root, features);
    try {
      const answer = await send(second.url, 5);
      expect(answer.status).toBe(503);
      // The oldest of the three leaves the hour in a little under 3600 s.
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(await answer.json()).toEqual({ error: MESSAGES.contact.overCap });
    } finally {
      await second.close();
    }
  });
});
