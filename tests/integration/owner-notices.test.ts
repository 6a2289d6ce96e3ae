// What the console's notices promise about publishing, against the real server, a real release
// layout and a real git repository of the data (tests/support/data-checkout.ts): with nothing saved
// since the last publish, /intern/vorschau says there is nothing to check or publish; a town added
// and removed again before publishing leaves nothing to publish, and the notice says so instead of
// sending the owner to the preview; removing a published town still points to the preview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/index.ts';
import type { Db } from '../../server/store/database.ts';
import type { DataCopy } from '../support/data-copy.ts';
import { dataCheckout, type DataCheckout } from '../support/data-checkout.ts';
import { startOwnerConsole } from '../support/owner-site.ts';

const PASSWORD = 'Hinweise-Essen-42';
const PLACES = '/intern/inhalte/orte';
const NOTHING_TO_PUBLISH = 'Es gibt nichts zu prüfen oder zu veröffentlichen. Alle gespeicherten Änderungen sind schon auf der Website.';
const NOTHING_LEFT = 'Damit sind Ihre gespeicherten Angaben wieder dieselben wie auf der veröffentlichten Website. Es gibt nichts zu veröffentlichen.';
const NOT_YET = 'Die Änderung ist gespeichert, aber noch nicht auf der Website.';
let data: DataCopy;
let git: DataCheckout['git'];
let server: RunningServer;
let db: Db;
let cookie: string;

beforeAll(async () => {
  const checkout = dataCheckout();
  ({ data, git } = checkout);
  ({ server, db, cookie } = await startOwnerConsole('owner-notices-', PASSWORD, { distDir: checkout.dist, data: data }));
}, 240_000);

afterAll(async () => {
  await server?.close();
  db?.close();
  data?.remove();
});

const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
const page = async (path: string) => decode(await (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text());
const send = async (path: string, fields: Map<string, string>) => {
  const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams([...fields]), redirect: 'manual' });
  return { status: answer.status, html: decode(await answer.text()) };
};
/** The fields of the form posting to `action`, as a browser sends them. */
function formOf(html: string, action: string): Map<string, string> {
  const form = new RegExp(`<form [^>]*action="${action}"[^>]*>(.*?)</form>`, 's').exec(html)?.[1] ?? '';
  const fields = new Map<string, string>();
  for (const [input] of form.matchAll(/<input [^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (name) fields.set(name, /value="([^"]*)"/.exec(input)?.[1] ?? '');
  }
  for (const [, name, text] of form.matchAll(/<textarea [^>]*name="([^"]*)"[^>]*>(.*?)<\/textarea>/gs)) fields.set(name!, text!);
  for (const [, name, options] of form.matchAll(/<select [^>]*name="([^"]*)"[^>]*>(.*?)<\/select>/gs)) fields.set(name!, /<option [^>]*value="([^"]*)"[^>]*selected=""/.exec(options!)?.[1] ?? '');
  return fields;
}
/** The notice at the top of an Orte page. */
const notice = (html: string) => /<div [^>]*id="hinweis"[^>]*>(.*?)<\/div>/s.exec(html)?.[1] ?? '';

async function removeTown(slug: string) {
  const confirm = await page(`${PLACES}/${slug}/entfernen`);
  return send(`${PLACES}/${slug}/entfernen`, formOf(confirm, `${PLACES}/${slug}/entfernen`));
}

describe('notices about publishing', () => {
  it('says there is nothing to check or publish while nothing is saved since the last publish', async () => {
    expect(git('status', '--porcelain', '--', 'data')).toBe('');
    const preview = await page('/intern/vorschau');
    expect(preview).toContain(NOTHING_TO_PUBLISH);
    expect(preview).not.toContain('Noch gibt es keine Vorschau');
    expect(preview).not.toContain('Vorschau erstellen');
  });

  it('says nothing is left to publish after a town added and removed again before publishing', async () => {
    const form = formOf(await page(`${PLACES}/neu`), `${PLACES}/neu`);
    const description = Array.from({ length: 9 }, (_, i) => `Schermbeck liegt am Rand des Naturparks Hohe Mark, Absatz ${['eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'][i]}.`).join(' ');
    const typed: Record<string, string> = { name: 'Schermbeck', region: 'Ruhrgebiet Nord', arrivalTime: '30–40', population: '13.000', description, facts: 'Schermbeck gehört zum Kreis Wesel.', sources: 'Wikipedia: Schermbeck', districts: 'Gahlen\nDamm' };
    for (const [key, value] of Object.entries(typed)) form.set(`towns.+.${key}`, value);
    const added = await send(`${PLACES}/neu`, form);
    expect(added.status, notice(added.html)).toBe(201);
    expect(notice(added.html)).toContain(NOT_YET);
    expect(await page('/intern/vorschau')).not.toContain(NOTHING_TO_PUBLISH);

    const removed = await removeTown('schermbeck');
    expect(removed.status).toBe(200);
    expect(notice(removed.html)).toContain('„Schermbeck“ wurde entfernt.');
    expect(notice(removed.html)).toContain(NOTHING_LEFT);
    expect(notice(removed.html)).not.toContain(NOT_YET);
    expect(notice(removed.html)).not.toContain('href="/intern/vorschau"');
    expect(git('status', '--porcelain', '--', 'data')).toBe('');
    expect(await page('/intern/vorschau')).toContain(NOTHING_TO_PUBLISH);
  }, 90_000);

  it('still points to the preview after removing a town visitors can see', async () => {
    const removed = await removeTown('haltern-am-see');
    expect(removed.status).toBe(200);
    expect(notice(removed.html)).toContain(NOT_YET);
    expect(notice(removed.html)).toContain('href="/intern/vorschau"');
    expect(notice(removed.html)).not.toContain(NOTHING_LEFT);
    expect(await page('/intern/vorschau')).not.toContain(NOTHING_TO_PUBLISH);
  }, 90_000);
});
