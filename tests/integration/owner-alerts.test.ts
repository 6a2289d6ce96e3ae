// The owner's alerts beyond the contact message's push: a review sync that finds a new review of
// 3 stars or fewer sends a push (to the local push service, tests/support/push-service.ts) and a
// mail (a real SMTP conversation), once; and the daily summary mail's content. The Places API is
// the local fake the reviews tests use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresFromEnv } from '../../server/config.ts';
import { loadSiteFacts } from '../../server/facts.ts';
import { sendDailySummary } from '../../server/push/summary.ts';
import { berlinDay } from '../../core/berlin-day.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { startPushService, subscribeOwner, type PushService } from '../support/push-service.ts';
import { buildSite } from '../support/site-build.ts';
import { FAKE_KEY, FAKE_PLACE_ID, startPlacesFake, type PlacesFake } from './fixtures/places-fake.ts';
import { eventually, freePort, plainTextOf, startSmtpSink, subjectOf, type SmtpSink } from './fixtures/contact-sink.ts';

const PASSWORD = 'alerts-test-passwort-1';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

let push: PushService;
let places: PlacesFake;
let smtp: SmtpSink;
let site: OwnerSite;

beforeAll(async () => {
  [push, places, smtp] = await Promise.all([
    startPushService(),
    startPlacesFake([
      { reviewId: 'gut', author: 'Dörte Weiß', rating: 5, text: 'Schnell und fair.', publishTime: minutesAgo(30) },
      { reviewId: 'alt', author: 'Karl Alt', rating: 1, text: 'Vor einem Monat war es teuer.', publishTime: minutesAgo(30 * 24 * 60) },
    ]),
    startSmtpSink(),
  ]);
  site = await openOwnerSite('alerts-', PASSWORD, { pushCa: push.ca, smtpUrl: smtp.url, googlePlacesApiKey: FAKE_KEY, googlePlaceId: FAKE_PLACE_ID, googlePlacesBaseUrl: places.url });
  await subscribeOwner(site, push);
});
afterAll(async () => {
  await site?.close();
  await Promise.all([push?.close(), places?.close(), smtp?.close()]);
});

const syncNow = () => fetch(`${site.server.url}/intern/bewertungen/abgleichen`, { method: 'POST', headers: { Cookie: site.cookie, 'Sec-Fetch-Site': 'same-origin' }, redirect: 'manual' });
const reviewMails = () => smtp.mails.filter((mail) => subjectOf(mail.raw).startsWith('Neue Bewertung'));

describe('a new review of 3 stars or fewer', () => {
  it('the first sync alerts about none: the 5-star review is not low, the 1-star one is a month old', async () => {
    expect((await syncNow()).status).toBe(303);
    expect(site.db.prepare('SELECT count(*) AS n FROM google_reviews').get()).toEqual({ n: 2 });
    expect(push.received).toEqual([]);
    expect(reviewMails()).toEqual([]);
  });

  it('a sync that finds a new 2-star review sends a push and a mail with stars, author, text and where to answer, once', async () => {
    places.reviews.push({ reviewId: 'schlecht', author: 'Jürgen Groß', rating: 2, text: 'Hat lange gedauert, und die Rechnung war höher als am Telefon gesagt.', publishTime: minutesAgo(1) });
    expect((await syncNow()).status).toBe(303);
    const pushed = await eventually(() => push.received[0], 5_000);
    expect(pushed.payload).toMatchObject({ title: 'Neue Bewertung: 2 von 5 Sternen von Jürgen Groß', body: 'Hat lange gedauert, und die Rechnung war höher als am Telefon gesagt.', url: '/intern/bewertungen' });
    const mail = await eventually(() => reviewMails()[0], 10_000);
    expect(subjectOf(mail.raw)).toBe('Neue Bewertung mit 2 von 5 Sternen von Jürgen Groß');
    expect(mail.to).toEqual(['info@example.com']);
    const text = plainTextOf(mail.raw);
    expect(text).toMatch(/^Jürgen Groß hat am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr eine Bewertung mit 2 von 5 Sternen bei Google geschrieben:/);
    expect(text).toContain('Hat lange gedauert, und die Rechnung war höher als am Telefon gesagt.');
    expect(text).toContain('Antworten können Sie hier: https://');

    expect((await syncNow()).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(push.received).toHaveLength(1);
    expect(reviewMails()).toHaveLength(1);
  });
});

describe('the daily summary', () => {
  it('lists the day\'s messages with time, name and first words, the clicks, and the low review', async () => {
    for (const { name, message } of [{ name: 'Erika Müller', message: 'Bitte um Rückruf wegen eines neuen Schlosses für die Kellertür.' }, { name: 'Ali Öztürk', message: 'Schlüssel abgebrochen, Tür geht nicht auf.' }]) {
      const answer = await fetch(`${site.server.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${name.length}` }, body: JSON.stringify({ form: 'kontakt', name, phone: '0201 123456', message, privacy: true }) });
      expect(answer.status).toBe(201);
    }
    // A message the honeypot refused is kept as spam: not an enquiry of the day.
    const bot = await fetch(`${site.server.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.99' }, body: JSON.stringify({ form: 'kontakt', name: 'Werbe Roboter', phone: '0201 123456', message: 'Günstige Links für Ihre Website!', privacy: true, website: 'https://spam.example' }) });
    expect(bot.status).toBe(201);
    expect(site.db.prepare("SELECT status FROM contact_messages WHERE name = 'Werbe Roboter'").get()).toEqual({ status: 'spam' });
    const today = berlinDay(Date.now());
    site.db.prepare("INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, '/', 'call', 4), (?, '/kontakt', 'call', 2), (?, '/', 'whatsapp', 3)").run(today, today, today);
    const facts = loadSiteFacts((await buildSite()).dir, () => undefined);
    const log: string[] = [];
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const config = { ...featuresFromEnv({}), smtpUrl: smtp.url };
    expect(await sendDailySummary({ db: site.db, config, log: (line) => log.push(line), site: facts }, tomorrow)).toBe(true);
    const mail = await eventually(() => smtp.mails.find((received) => subjectOf(received.raw).startsWith('Tagesübersicht')), 10_000);
    const day = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date());
    expect(subjectOf(mail.raw)).toBe(`Tagesübersicht vom ${day} – Anfragen: 2`);
    const text = plainTextOf(mail.raw);
    expect(text).toContain('Anfragen über das Formular: 2');
    expect(text).toMatch(/– \d\d:\d\d Uhr, Erika Müller: Bitte um Rückruf wegen eines neuen Schlosses für die Kellertür\.\n– \d\d:\d\d Uhr, Ali Öztürk: Schlüssel abgebrochen/);
    expect(text).toContain('Klicks auf „Anrufen“: 6, auf „WhatsApp“: 3');
    expect(text).not.toContain('Werbe Roboter');
    expect(text).toContain('– 2 von 5 Sternen von Jürgen Groß: Hat lange gedauert');
    expect(text).not.toContain('Karl Alt');
    expect(log).toEqual([`Daily summary of ${today} mailed to the owner.`]);
  });

  it('that cannot be mailed is never silent: the log says why, and the System page shows the failed mail', async () => {
    const facts = loadSiteFacts((await buildSite()).dir, () => undefined);
    const log: string[] = [];
    const config = { ...featuresFromEnv({}), smtpUrl: `smtp://127.0.0.1:${await freePort()}` };
    expect(await sendDailySummary({ db: site.db, config, log: (line) => log.push(line), site: facts }, new Date(Date.now() + 24 * 3600_000))).toBe(false);
    expect(log).toContainEqual(expect.stringMatching(new RegExp(`^Daily summary of ${berlinDay(Date.now())} could not be mailed: `)));
    expect((await site.page('/intern/system')).html).toContain(site.words.system.mailFailures.connection);
  });
});
