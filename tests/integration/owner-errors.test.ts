// The console never shows the owner an English message from Express, a library or the server:
// a body over its limit, an unreadable body and an exception in a handler answer a console page
// with one German sentence saying what happened and what to do, and the operator's log keeps the
// English original (real server, real SQLite file, a copy of data/). A body that is no form is
// read as an empty one: nothing is saved, and the file is never said to be unreadable.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../core/escape.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';

let site: OwnerSite;

beforeAll(async () => {
  site = await openOwnerSite('owner-errors-', 'Fehler-auf-Deutsch-2026');
}, 120_000);

afterAll(async () => {
  await site?.close();
});

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${site.server.url}${path}`, { method: 'POST', redirect: 'manual', headers: { Cookie: site.cookie, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body });
}

/** The page's main text without tags. */
const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)![1]!.replace(/<[^>]+>/g, ' ');

describe("the console's answer to a request it cannot take", () => {
  it('says in German that a body over the limit was not saved, with the navigation, and logs the English reason', async () => {
    const answer = await post('/intern/vorschau/veroeffentlichen', `version=${'x'.repeat(10_000)}`);
    expect(answer.status).toBe(413);
    const html = await answer.text();
    expect(html).toContain(escapeMarkup(site.words.requestErrors.tooLarge));
    expect(html).toContain('class="console-nav"');
    expect(mainOf(html)).not.toMatch(/too large|entity|Error/i);
    expect(site.log.some((line) => /413 POST \/intern\/vorschau\/veroeffentlichen refused: request entity too large/.test(line))).toBe(true);
  });

  it('says in German that an unreadable body was not saved', async () => {
    const charset = await post('/intern/vorschau/veroeffentlichen', 'version=1', { 'Content-Type': 'application/x-www-form-urlencoded; charset=x-klingonisch' });
    expect(charset.status).toBe(415);
    const gzip = await post('/intern/vorschau/veroeffentlichen', 'kein gzip', { 'Content-Encoding': 'gzip' });
    expect(gzip.status).toBe(400);
    for (const html of [await charset.text(), await gzip.text()]) {
      expect(html).toContain(escapeMarkup(site.words.requestErrors.malformed));
      expect(mainOf(html)).not.toMatch(/unsupported|charset|incorrect header|Error/i);
    }
    expect(site.log.some((line) => /415 POST .* refused: unsupported charset "X-KLINGONISCH"/i.test(line))).toBe(true);
  });

  it('says in German that something failed on the server, not Express\'s page, and logs the stack for the technician', async () => {
    // A table the page reads is gone (a broken restore): the handler throws SQLite's English error.
    site.db.exec('DROP TABLE review_syncs');
    const { status, html } = await site.page('/intern/bewertungen');
    expect(status).toBe(500);
    expect(html).toContain(escapeMarkup(site.words.requestErrors.failed));
    expect(html).toContain('class="console-nav"');
    expect(mainOf(html)).not.toMatch(/no such table|Error|Internal/);
    expect(site.log.some((line) => line.startsWith("Owner's console: 500 GET /intern/bewertungen: SqliteError: no such table: review_syncs"))).toBe(true);
  });

  it('reads a body that is no form (JSON, plain text, none) as an empty form: nothing saved, no 5xx, no file called unreadable', async () => {
    const files = () => readdirSync(site.data.dir, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(join(site.data.dir, file)).isFile()).sort().map((file) => `${file} ${createHash('sha256').update(readFileSync(join(site.data.dir, file))).digest('hex')}`);
    const before = files();
    const bodies = [
      { body: JSON.stringify({ _version: 'x', 'services.tuer-zugefallen.price': '1' }), headers: { 'Content-Type': 'application/json' } },
      { body: '_version=x\nname=Fremd', headers: { 'Content-Type': 'text/plain' } },
      { body: '', headers: { 'Content-Type': '' } },
    ];
    const paths = ['/intern/inhalte/preise', '/intern/inhalte/kontakt', '/intern/inhalte/texte/startseite', '/intern/inhalte/orte/essen', '/intern/inhalte/orte/essen/stadtteil', '/intern/inhalte/orte/essen/entfernen', '/intern/vorschau/veroeffentlichen'];
    for (const path of paths) {
      for (const { body, headers } of bodies) {
        const answer = await post(path, body, headers);
        const html = await answer.text();
        expect(answer.status, `${path} ${headers['Content-Type']}`).toBeLessThan(500);
        expect(mainOf(html)).not.toMatch(/Error|undefined/);
      }
    }
    expect(files()).toEqual(before);
    expect(site.log.filter((line) => /cannot be edited|Cannot read properties| 5\d\d POST/.test(line))).toEqual([]);
  });
});
