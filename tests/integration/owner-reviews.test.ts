// /intern/bewertungen on the real server with reviews put into its SQLite file: every stored
// review newest first, 50 a page, its date as a Berlin calendar day, the ones of 3 stars or fewer
// marked in words, the distribution, and the link to answer them at Google; and that the console's
// times are Essen's around midnight UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';

const PLACE_ID = 'ChIJ-Essen-Mustermann_42';
let site: OwnerSite;

/** `count` reviews, one a day back from 1 March 2026 at noon UTC, stars 5, 4, 3, 2, 1, 5, … */
function storeReviews(count: number): void {
  const insert = site.db.prepare('INSERT INTO google_reviews (id, author_name, rating, text, time_created, synced_at) VALUES (?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < count; i += 1) {
    const at = new Date(Date.UTC(2026, 2, 1, 12) - i * 86_400_000).toISOString();
    insert.run(`places/x/reviews/${i}`, `Kunde ${i}`, 5 - (i % 5), `Bewertungstext ${i}`, at, at);
  }
  // Written at 23:30 UTC on 11 March: in Essen it was already 12 March, the newest of all.
  insert.run('places/x/reviews/spaet', 'Nachtschwärmerin Öztürk', 2, 'Türöffnung mitten in der Nacht & teuer <b>', '2026-03-11T23:30:00.000Z', '2026-03-12T00:00:00.000Z');
}

const items = (html: string) => [...html.matchAll(/<li class="console-item console-review"( data-low="")?>([\s\S]*?)<\/li>/g)].map((match) => ({ low: match[1] !== undefined, html: match[2]! }));

beforeAll(async () => {
  site = await openOwnerSite('owner-reviews-', 'Sterne-zaehlen-2026', { googlePlaceId: PLACE_ID });
  storeReviews(52);
}, 120_000);

afterAll(async () => {
  await site?.close();
});

describe('/intern/bewertungen', () => {
  it('lists the newest 50 reviews first, dated in Berlin time, with the low ones marked in words and a link to answer them', async () => {
    const { status, html } = await site.page('/intern/bewertungen');
    expect(status).toBe(200);
    const list = items(html);
    expect(list).toHaveLength(50);
    expect(list[0]!.html).toContain('Nachtschwärmerin Öztürk am 12. März 2026');
    expect(list[0]!.html).toContain('Türöffnung mitten in der Nacht &amp; teuer &lt;b&gt;');
    expect(list[0]!.html).toContain('<span aria-hidden="true">★★☆☆☆</span> 2 von 5 Sternen');
    expect(list[1]!.html).toContain('Kunde 0 am 1. März 2026');
    expect(list[1]!.html).toContain('★★★★★</span> 5 von 5 Sternen');
    // Marked in words exactly when 3 stars or fewer: Kunde i has 5 - i % 5 stars.
    for (const [index, item] of list.entries()) {
      const starsOf = index === 0 ? 2 : 5 - ((index - 1) % 5);
      expect(item.low, `item ${index}`).toBe(starsOf <= 3);
      expect(item.html.includes('3 Sterne oder weniger – bitte ansehen'), `item ${index}`).toBe(starsOf <= 3);
    }
    const answer = `https://search.google.com/local/reviews?placeid=${PLACE_ID}`;
    expect(list.every((item) => item.html.includes(`href="${answer}"`))).toBe(true);
    expect(html).toContain('Seite 1 von 2');
    expect(html).toContain('href="/intern/bewertungen?seite=2">Ältere Bewertungen');
    expect(html).toContain('Auf der Website gespeicherte Bewertungen: 53');
  });

  it('counts the stars of every stored review, not only the page shown', async () => {
    const { html } = await site.page('/intern/bewertungen?seite=2');
    const rows = [...html.matchAll(/<tr><th scope="row">(\d) von 5 Sternen<\/th><td class="number">(\d+)<\/td>/g)].map((match) => [Number(match[1]), Number(match[2])]);
    // 52 reviews of 5, 4, 3, 2, 1 stars in turn, and one of 2.
    expect(rows).toEqual([[5, 11], [4, 11], [3, 10], [2, 11], [1, 10]]);
    expect(items(html).map((item) => /Kunde \d+/.exec(item.html)?.[0])).toEqual(['Kunde 49', 'Kunde 50', 'Kunde 51']);
    expect(html).toContain('href="/intern/bewertungen?seite=1">Neuere Bewertungen');
    // A page past the last shows the last.
    expect(items((await site.page('/intern/bewertungen?seite=7')).html)).toHaveLength(3);
    expect(items((await site.page('/intern/bewertungen?seite=abc')).html)).toHaveLength(50);
  });
});

describe("the console's dates and times", () => {
  it('are Essen\'s, around midnight UTC in winter and summer time', async () => {
    const message = site.db.prepare("INSERT INTO contact_messages (created_at, form, name, message) VALUES (?, 'kontakt', ?, 'Tür zu')");
    message.run('2026-03-28T23:30:00.000Z', 'Winterzeit');
    message.run('2026-03-29T22:30:00.000Z', 'Sommerzeit');
    const messages = (await site.page('/intern/nachrichten')).html;
    expect(messages).toMatch(/Sommerzeit(<\/a>)?<\/h2><p>Eingegangen am 30\.03\.2026, 00:30 /);
    expect(messages).toMatch(/Winterzeit(<\/a>)?<\/h2><p>Eingegangen am 29\.03\.2026, 00:30 /);
    site.db.prepare('INSERT INTO review_syncs (started_at, success, inserted, updated, deleted) VALUES (?, 1, 0, 0, 0)').run('2026-10-24T22:15:00.000Z');
    expect((await site.page('/intern/bewertungen')).html).toContain('Letzter Abgleich mit Google am 25.10.2026, 00:15.');
  });
});

