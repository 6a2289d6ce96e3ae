// The history of publishes in pages (docs/owner-console.md, "Preview, publish, undo"), against the
// real server, a real release built from a copy of data/ in a git checkout of its own, and 31
// publishes committed into it as the console commits them (server/content/history.ts,
// commitData): the newest 30 are on the first page, the 31st on the next one behind a plain link,
// and it can be undone from there, which restores its file and publishes that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { consoleWordsSchema, type ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { RunningServer } from '../../server/index.ts';
import { commitData } from '../../server/content/history.ts';
import type { Db } from '../../server/store/database.ts';
import { dataCheckout, type DataCheckout } from '../support/data-checkout.ts';
import { startOwnerConsole } from '../support/owner-site.ts';

const PASSWORD = 'Verlauf-Seiten-Essen-42';
const HISTORY = '/intern/inhalte/verlauf';
/** A price line by its item's id, as data/prices.yaml writes it. */
const priceLine = (id: string) => new RegExp(`(id: ${id}\\n(?:.*\\n)*?    price: )([\\d.]+)`);
const FIRST = 'Preise: Zugefallene Tür 79 €';

let checkout: DataCheckout;
let server: RunningServer;
let db: Db;
let cookie: string;
let words: ConsoleWords;
let original = '';
const log: string[] = [];

const page = async (path: string) => {
  const answer = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
  return { status: answer.status, html: await answer.text() };
};
const decode = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
/** The publishes a history page lists, by their subject, in order. */
const subjects = (html: string) => [...html.matchAll(/<li class="console-item"[^>]*><h2>([^<]*)<\/h2>/g)].map((match) => decode(match[1]!));
/** The address of the link with this text, or null. */
const linkTo = (html: string, text: string) => {
  const href = new RegExp(`<a href="([^"]*)">${text}</a>`).exec(html)?.[1];
  return href === undefined ? null : decode(href);
};

beforeAll(async () => {
  checkout = dataCheckout();
  const { data, repo } = checkout;
  words = consoleWordsSchema.parse(parse(data.read('console.yaml')));
  original = data.read('prices.yaml');
  // The oldest of the 31: the door that fell shut; then 30 of another price, lines apart, so that undoing the first meets no later change.
  data.write('prices.yaml', original.replace(priceLine('tuer-zugefallen'), '$179'));
  await commitData(repo, FIRST);
  for (let i = 1; i <= 30; i += 1) {
    data.write('prices.yaml', data.read('prices.yaml').replace(priceLine('anfahrt-ausserhalb'), `$1${(1.2 + i / 100).toFixed(2)}`));
    await commitData(repo, `Preise: Anfahrt außerhalb, Änderung ${i}`);
  }
  ({ server, db, cookie } = await startOwnerConsole('history-pages-', PASSWORD, { distDir: checkout.dist, data: data, log }));
}, 300_000);

afterAll(async () => {
  await server?.close();
  db?.close();
  checkout?.data.remove();
});

describe('the history in pages', () => {
  let older = '';

  it('lists the newest 30 publishes first, with a plain link to the older ones', async () => {
    const { status, html } = await page(HISTORY);
    expect(status).toBe(200);
    expect(subjects(html)).toEqual(Array.from({ length: 30 }, (_, i) => `Preise: Anfahrt außerhalb, Änderung ${30 - i}`));
    expect(linkTo(html, words.history.newest)).toBeNull();
    older = linkTo(html, words.history.older)!;
    // The link names the last publish shown, so a publish made meanwhile moves nothing onto the next page twice.
    expect(older).toBe(`${HISTORY}?vor=${checkout.git('log', '--format=%H', '--skip=29', '-n1', '--', 'data').trim()}`);
  });

  it('lists the 31st on the next page, with the way back and no further link, and undoes it from there', async () => {
    const { status, html } = await page(older);
    expect(status).toBe(200);
    // The 31st, then the checkout's first commit, which added data/ (a developer's: headed as his).
    expect(subjects(html)).toEqual([FIRST, words.history.byTechnician]);
    expect(linkTo(html, words.history.newest)).toBe(HISTORY);
    expect(linkTo(html, words.history.older)).toBeNull();
    const commit = checkout.git('log', '--format=%H', '--skip=30', '-n1', '--', 'data').trim();
    expect(html).toContain(`value="${commit}"`);
    // The question, then the undo, as the page's two forms send them.
    const question = await page(`${HISTORY}/rueckgaengig?veroeffentlichung=${commit}`);
    expect(question.status).toBe(200);
    expect(question.html).toContain(`<h2>${FIRST}</h2>`);
    const undo = await fetch(`${server.url}${HISTORY}/rueckgaengig`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ veroeffentlichung: commit }),
      redirect: 'manual',
    });
    expect(undo.status, log.join('\n')).toBe(303);
    // The door's price is back as it was, the 30 later changes of the other price stay.
    const now = checkout.data.read('prices.yaml');
    expect(priceLine('tuer-zugefallen').exec(now)?.[2]).toBe(priceLine('tuer-zugefallen').exec(original)?.[2]);
    expect(priceLine('anfahrt-ausserhalb').exec(now)?.[2]).toBe('1.50');
    expect(checkout.git('log', '-1', '--format=%an|%s')).toBe(`Inhaber (Konsole)|${fillSlots(words.history.undoMessage, { subject: FIRST })}\n`);
    // The undo is the newest publish now; the 31st moved on to the next page, marked as undone.
    const first = await page(HISTORY);
    expect(subjects(first.html)[0]).toBe(fillSlots(words.history.undoMessage, { subject: FIRST }));
    const next = await page(linkTo(first.html, words.history.older)!);
    // Its item: from its heading to the next publish's.
    const item = next.html.slice(next.html.indexOf(`<h2>${FIRST}</h2>`));
    expect(item.slice(0, item.indexOf('<li class="console-item"'))).toContain(words.history.alreadyUndone);
    expect(item.slice(0, item.indexOf('<li class="console-item"'))).not.toContain(`value="${commit}"`);
  }, 300_000);

  it('shows the newest publishes for an address whose vor names no publish, and refuses the undo question for it', async () => {
    for (const path of [`${HISTORY}?vor=--all`, `${HISTORY}?vor=${'0'.repeat(40)}`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(subjects(html).length, path).toBeGreaterThan(0);
    }
    const unknown = await page(`${HISTORY}/rueckgaengig?veroeffentlichung=${'0'.repeat(40)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain(words.history.refusedUnknown);
  });
});
