// The Orte form beside a preview (docs/owner-console.md, "Orte"), against the real server, a real
// release built from a copy of data/ in a git checkout of its own and a real preview build: a
// saved change is said first as the data's rule lets expect it, after "Vorschau erstellen" as the
// preview's build decided it (its dist/_server/place-index.json), and by the rule again once a
// later save makes that preview out of date.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { placeIndexSchema, serverFile, type PlaceVerdict } from '../../core/build-server-contract.ts';
import { consoleWordsSchema, type ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { RunningServer } from '../../server/index.ts';
import type { Db } from '../../server/store/database.ts';
import { dataCheckout, type DataCheckout } from '../support/data-checkout.ts';
import { startOwnerConsole } from '../support/owner-site.ts';

const PASSWORD = 'Orte-Vorschau-Essen-42';
const ESSEN = '/intern/inhalte/orte/essen';

let checkout: DataCheckout;
let server: RunningServer;
let db: Db;
let cookie: string;
let words: ConsoleWords;
const log: string[] = [];

beforeAll(async () => {
  checkout = dataCheckout();
  words = consoleWordsSchema.parse(parse(checkout.data.read('console.yaml')));
  ({ server, db, cookie } = await startOwnerConsole('owner-places-preview-', PASSWORD, { distDir: checkout.dist, data: checkout.data, log }));
}, 300_000);

afterAll(async () => {
  await server?.close();
  db?.close();
  checkout?.data.remove();
});

const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
const post = async (path: string, fields: Map<string, string>) => {
  const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams([...fields]), redirect: 'manual' });
  return { status: answer.status, html: await answer.text() };
};
const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The fields of the page's form that posts to `action`, as a browser sends them. */
function formOf(html: string, action: string): Map<string, string> {
  const form = new RegExp(`<form [^>]*action="${action}"[^>]*>(.*?)</form>`, 's').exec(html)?.[1] ?? '';
  const fields = new Map<string, string>();
  for (const [input] of form.matchAll(/<input [^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (name) fields.set(decode(name), decode(/value="([^"]*)"/.exec(input)?.[1] ?? ''));
  }
  for (const [, name, text] of form.matchAll(/<textarea [^>]*name="([^"]*)"[^>]*>(.*?)<\/textarea>/gs)) fields.set(decode(name!), decode(text!));
  for (const [, name, options] of form.matchAll(/<select [^>]*name="([^"]*)"[^>]*>(.*?)<\/select>/gs)) {
    fields.set(decode(name!), decode(/<option [^>]*value="([^"]*)"[^>]*selected=""/.exec(options!)?.[1] ?? ''));
  }
  return fields;
}

/** The text of the element with this id, tags removed. */
function textOf(html: string, id: string): string {
  const match = new RegExp(`<([a-z]+) [^>]*id="${id}"[^>]*>`).exec(html);
  if (!match) return '';
  const rest = html.slice(match.index + match[0].length);
  return decode(rest.slice(0, rest.indexOf(`</${match[1]}>`)).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
}

/** A verdict in the form's words, as server/content/place-status.ts says it: the test's own reading of the file. */
function said(verdict: PlaceVerdict, max: number): string {
  const w = words.places.indexing;
  const percent = verdict.similarity === undefined ? 0 : Math.round(verdict.similarity * 100);
  if (verdict.indexable) return verdict.similarity === undefined ? w.found : `${w.found} ${fillSlots(w.closest, { other: verdict.other!, percent, max })}`;
  if (verdict.reason === 'similar') return fillSlots(w.similar, { other: verdict.other!, percent, max });
  return verdict.reason === 'tooShort' ? fillSlots(w.tooShort, { count: verdict.words!, min: 80 }) : w.noDescription;
}

describe('the Orte form beside a preview', () => {
  it('says a saved description first as expected, then as the preview decided, and as expected again once the preview is out of date', async () => {
    const form = formOf(await page(ESSEN), ESSEN);
    const description = Array.from({ length: 12 }, (_, i) => `Huttrop liegt östlich der Essener Innenstadt; Absatz ${i + 1} erzählt von Straße ${i + 1}, Kirche, Markt und Geschichte dieses Viertels.`).join(' ');
    form.set('towns.essen.districts.huttrop.description', description);
    form.set('towns.essen.districts.huttrop.sources', 'Wikipedia: Huttrop');
    const saved = await post(ESSEN, form);
    expect(saved.status, textOf(saved.html, 'probleme')).toBe(200);
    // Saved, not previewed: the served site's verdict, and what the rule lets expect.
    expect(textOf(saved.html, 'ort-huttrop')).toContain(words.places.indexing.noDescription);
    expect(textOf(saved.html, 'ort-huttrop')).toContain(fillSlots(words.places.indexing.changed, { text: words.places.indexing.district }));

    const made = await fetch(`${server.url}/intern/vorschau`, { method: 'POST', headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, redirect: 'manual' });
    expect(made.status, log.join('\n')).toBe(303);
    const preview = placeIndexSchema.parse(JSON.parse(readFileSync(join(checkout.repo, 'releases', 'preview', serverFile('placeIndex')), 'utf8')));
    const verdict = preview.pages['/schluesseldienst/huttrop']!;
    expect(verdict.reason).not.toBe('noDescription');
    const afterPreview = textOf(await page(ESSEN), 'ort-huttrop');
    expect(afterPreview).toContain(words.places.indexing.noDescription);
    expect(afterPreview).toContain(fillSlots(words.places.indexing.previewed, { text: said(verdict, Math.round(preview.maxSimilarity * 100)) }));
    expect(afterPreview).not.toContain(fillSlots(words.places.indexing.changed, { text: '' }).trim());

    // A later save: the preview no longer shows the data, so the rule speaks again.
    const again = formOf(await page(ESSEN), ESSEN);
    again.set('towns.essen.arrivalTime', '20–30');
    expect((await post(ESSEN, again)).status).toBe(200);
    const stale = textOf(await page(ESSEN), 'ort-huttrop');
    expect(stale).toContain(fillSlots(words.places.indexing.changed, { text: words.places.indexing.district }));
    expect(stale).not.toContain(fillSlots(words.places.indexing.previewed, { text: '' }).trim());
  }, 300_000);
});
