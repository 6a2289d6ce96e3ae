// The statistics page /intern/besuche on the real server with the run's build, a real SQLite file
// and a logged-in session: page requests with Referer and User-Agent headers and consented clicks
// go through the server's own counting into the new tables, and the page shows them with page
// names, sources, devices, the clicks by weekday and hour, messages per day and the comparison
// with the period before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinDay, berlinHour, daysBefore, weekdayOf } from '../../core/berlin-day.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';

const PASSWORD = 'Statistik-im-Blick-2026';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let site: OwnerSite;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  site = await openOwnerSite('owner-visits-', PASSWORD, { pageCountFlushMs: 25 });
}, 240_000);
afterAll(async () => {
  await site?.close();
});

/** Each view from a visitor of its own (the server counts a page once a minute per shortened address). */
let visitors = 0;
async function view(path: string, headers: Record<string, string>): Promise<void> {
  visitors += 1;
  const answer = await fetch(`${site.server.url}${path}`, { headers: { 'X-Forwarded-For': `10.0.${visitors}.7`, ...headers } });
  await answer.arrayBuffer();
  expect(answer.status).toBe(200);
}

async function click(path: string, kind: 'call' | 'whatsapp'): Promise<void> {
  const answer = await fetch(`${site.server.url}/api/log/click`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': PHONE }, body: JSON.stringify({ path, kind }) });
  expect(answer.status).toBe(204);
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('the statistics page', () => {
  it('counts sources, devices and click hours from real requests, and shows them with names and the period before', async () => {
    const today = berlinDay(Date.now());
    await view('/preise', { 'User-Agent': PHONE, Referer: 'https://www.google.de/' });
    await view('/preise', { 'User-Agent': DESKTOP, Referer: 'https://www.google.com/maps/place/Essen', 'Sec-CH-UA-Mobile': '?0' });
    await view('/schluesseldienst/bottrop', { 'User-Agent': PHONE, Referer: 'https://l.instagram.com/' });
    await view('/kontakt', { 'User-Agent': DESKTOP, Referer: `${site.server.url}/preise` });
    await view('/', { 'User-Agent': DESKTOP });
    await click('/preise', 'call');
    await click('/preise', 'whatsapp');
    await until(() => (site.db.prepare('SELECT SUM(views) AS n FROM page_counts').get() as { n: number | null }).n === 5);

    const rows = (table: string, key: string) => site.db.prepare(`SELECT day, ${key} AS key, views FROM ${table} ORDER BY key`).all();
    expect(rows('source_counts', 'source')).toEqual([
      { day: today, key: 'direct', views: 1 },
      { day: today, key: 'google', views: 1 },
      { day: today, key: 'maps', views: 1 },
      { day: today, key: 'social', views: 1 },
    ]);
    expect(rows('device_counts', 'device')).toEqual([
      { day: today, key: 'desktop', views: 3 },
      { day: today, key: 'phone', views: 2 },
    ]);
    const hour = berlinHour(Date.now());
    expect(site.db.prepare('SELECT day, kind, clicks FROM click_hours ORDER BY kind').all()).toEqual([
      { day: today, kind: 'call', clicks: 1 },
      { day: today, kind: 'whatsapp', clicks: 1 },
    ]);
    // The hour of the clicks, unless the clock passed a full hour since.
    const [{ clickHour }] = site.db.prepare('SELECT DISTINCT hour AS clickHour FROM click_hours').all() as [{ clickHour: number }];
    expect([hour, (hour + 23) % 24]).toContain(clickHour);

    // The 30 days before: 4 page views, one message; this period: two messages.
    site.db.prepare('INSERT INTO page_counts (day, path, views) VALUES (?, ?, 4)').run(daysBefore(today, 40), '/preise');
    const message = site.db.prepare("INSERT INTO contact_messages (created_at, form, name, message) VALUES (?, 'kontakt', 'Erika', 'Tür zu')");
    message.run(new Date(Date.now() - 40 * 86_400_000).toISOString());
    message.run(new Date().toISOString());
    message.run(new Date().toISOString());
    // Spam (refused by the honeypot, or marked by the owner) is no enquiry.
    site.db.prepare("INSERT INTO contact_messages (created_at, form, name, message, status, spam_reason, mail_status) VALUES (?, 'kontakt', 'Roboter', 'Links', 'spam', 'honeypot', 'failed')").run(new Date().toISOString());

    const { status, html } = await site.page('/intern/besuche');
    expect(status).toBe(200);
    const page = text(html);
    expect(page).toContain('Preise Schlüsseldienst Essen – Festpreise vorab genannt');
    expect(page).toContain('Adresse /preise');
    expect(html).toMatch(/<span class="console-page-name">Bottrop<br\/><small>Adresse <a href="\/schluesseldienst\/bottrop">/);
    expect(page).toContain('Seitenaufrufe 5 ▲ mehr: +25 % gegenüber den 30 Tagen davor (4)');
    expect(page).toContain('Nachrichten über das Kontaktformular 2 ▲ mehr: +100 % gegenüber den 30 Tagen davor (1)');
    expect(page).toContain('Klicks auf „Anrufen“ 1 keine Vergleichszahl: in den 30 Tagen davor wurde nichts gezählt');
    expect(html).toMatch(/Google Maps<br\/><span class="console-trend" data-trend="none">[^<]+<\/span><\/td><td class="number">1<\/td><td class="number">0<\/td>/);
    expect(html).toMatch(/Handy<br\/><span class="console-trend" data-trend="none">[^<]+<\/span><\/td><td class="number">2<\/td><td class="number">0<\/td>/);
    // The clicks land in today's weekday row, in the block of the hour.
    const weekday = site.words.statistics.hours.weekdays[weekdayOf(today)]!;
    const blocks = [...html.matchAll(new RegExp(`<th scope="row">${weekday}</th>((?:<td[^>]*>\\d+</td>){6})</tr>`, 'g'))];
    expect(blocks).toHaveLength(1);
    const cells = [...blocks[0]![1]!.matchAll(/>(\d+)</g)].map((match) => Number(match[1]));
    expect(cells[Math.floor(clickHour / 4)]).toBe(2);
    expect(cells.reduce((sum, value) => sum + value, 0)).toBe(2);
  });

  it('offers 7, 30 and 90 days as links and compares each with the days before it', async () => {
    const { html } = await site.page('/intern/besuche?tage=7');
    expect(html).toContain('<a href="/intern/besuche?tage=7" aria-current="page">7 Tage</a>');
    expect(html).toContain('<a href="/intern/besuche?tage=90">90 Tage</a>');
    expect(text(html)).toContain('Die letzten 7 Tage');
    expect(text(html)).toContain('Seitenaufrufe 5 keine Vergleichszahl: in den 7 Tagen davor wurde nichts gezählt');
    // Anything else is the first period.
    expect(text((await site.page('/intern/besuche?tage=3')).html)).toContain('Die letzten 30 Tage');
  });
});
