// Preview, publish and undo from the console against the real server, real builds into a real
// release layout and a real git repository of the data (a copy of data/ in a checkout of its own):
// a saved price is a draft that visitors do not see; the preview lists the change in the owner's
// words and the pages it changes, and shows them behind the login; publishing makes it the served
// release without a restart and one commit of the owner; undo restores the file byte for byte and
// publishes that; a publish of data changed since the preview, and a build that fails, change
// nothing visitors see.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { escapeMarkup } from '../../core/escape.ts';
import { formatEuro } from '../../core/format.ts';
import { fillSlots } from '../../core/slots.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import type { DataCopy } from '../support/data-copy.ts';
import { dataCheckout, type DataCheckout } from '../support/data-checkout.ts';
import { tempDir } from '../support/temp-dir.ts';

const PASSWORD = 'Veroeffentlichen-Essen-42';
const FIELD = 'services.tuer-zugefallen.price';
/** The change as the console and the commit say it. */
const CHANGE = `Zugefallene Tür: ${formatEuro(69)} → ${formatEuro(79)}`;
let data: DataCopy;
let server: RunningServer;
let db: Db;
let cookie: string;
let words: ReturnType<typeof consoleWordsSchema.parse>;
const log: string[] = [];

let git: DataCheckout['git'];

beforeAll(async () => {
  const checkout = dataCheckout();
  ({ data, git } = checkout);
  words = consoleWordsSchema.parse(parse(data.read('console.yaml')));
  const dir = tempDir('owner-publish-');
  server = await startServer({
    distDir: checkout.dist,
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'site.db'),
    log: (line) => log.push(line),
    features: { jobs: false, smtpUrl: null, mailDir: join(dir, 'mail'), backupDir: join(dir, 'backups'), loginFailureMs: 100, googlePlacesApiKey: null, dataDir: data.dir },
  });
  db = openDatabase(join(dir, 'site.db'));
  storePasswordHash(db, await hashPassword(PASSWORD));
  const login = await fetch(`${server.url}/intern/anmelden`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password: PASSWORD }), redirect: 'manual' });
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
}, 240_000);

afterAll(async () => {
  await server?.close();
  db?.close();
  data?.remove();
});

const page = async (path: string) => {
  const answer = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
  return { status: answer.status, html: await answer.text(), headers: answer.headers };
};
const post = async (path: string, fields: Record<string, string> = {}) => {
  const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: answer.status, html: await answer.text(), location: answer.headers.get('location') };
};
/** The public page as a visitor gets it. */
const visitor = async (path: string) => (await fetch(`${server.url}${path}`)).text();
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
/** Waits until the public page shows `text` (the server follows a new release within a second). */
async function served(path: string, text: string): Promise<boolean> {
  for (let tries = 0; tries < 40; tries++) {
    if ((await visitor(path)).includes(text)) return true;
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

async function savePrice(price: string) {
  const form = await page('/intern/inhalte/preise');
  return post('/intern/inhalte/preise', { _version: hidden(form.html, '_version'), [FIELD]: price });
}

describe('preview, publish and undo', () => {
  const original = () => data.read('prices.yaml');
  let before = '';

  it('keeps a saved price as a draft: visitors still read the old one, the preview page lists it in the owner’s words', async () => {
    before = original();
    expect(await visitor('/preise')).toContain('sonst 138');
    expect((await savePrice('79')).status).toBe(200);
    expect(await visitor('/preise')).toContain('sonst 138');
    const overview = await page('/intern/inhalte');
    expect(overview.html).toContain(escapeMarkup(fillSlots(words.publish.draftBar, { files: words.prices.title })));
    const preview = await page('/intern/vorschau');
    expect(preview.status).toBe(200);
    expect(preview.html).toContain(escapeMarkup(CHANGE));
    expect(preview.html).toContain('sonst 158');
    expect(preview.html).toContain(escapeMarkup(words.publish.makePreview));
    expect(preview.html).not.toContain('action="/intern/vorschau/veroeffentlichen"');
  });

  it('builds the preview: the pages that change, shown behind the login with their links kept inside the preview', async () => {
    const made = await post('/intern/vorschau');
    expect(made.status, made.html).toBe(303);
    const preview = await page('/intern/vorschau');
    expect(preview.html).toContain('href="/intern/vorschau/preise"');
    // Named as a visitor knows the page, with its address: the home page is no lone "/" to tap.
    expect(preview.html).toMatch(/<a href="\/intern\/vorschau\/startseite">[^<]+ \(\/\)<\/a>/);
    expect(preview.html).toMatch(/<a href="\/intern\/vorschau\/preise">[^<]*Preis[^<]* \(\/preise\)<\/a>/);
    expect(preview.html).toContain('href="/intern/vorschau/startseite"');
    const home = await page('/intern/vorschau/startseite');
    expect(home.html).toContain(escapeMarkup(words.publish.banner));
    expect(home.html).toContain('sonst 158');
    expect(home.html).toContain('class="logo" href="/intern/vorschau/startseite"');
    expect(preview.html).toContain(escapeMarkup(words.publish.publishButton));
    const shown = await page('/intern/vorschau/preise');
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('sonst 158');
    expect(shown.html).toContain(escapeMarkup(words.publish.banner));
    expect(shown.html).toMatch(/href="\/intern\/vorschau\/kontakt"/);
    expect(shown.html).not.toMatch(/(href|src|srcset)="\/(?!\/|intern\/vorschau)/i);
    // Every address of a picture's sources too: "/img/a-400.avif 400w, /img/a-800.avif 800w".
    expect(home.html).not.toMatch(/srcset="[^"]*(^|[",]\s*)\/img\//i);
    expect(home.html).toMatch(/srcset="\/intern\/vorschau\/img\/[^"]*, \/intern\/vorschau\/img\//i);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${server.url}/intern/vorschau/preise`, { redirect: 'manual' })).status).toBe(303);
    expect((await page('/intern/vorschau/..%2F..%2Fdata%2Fsite.yaml')).status).toBe(404);
    expect((await page('/intern/vorschau/_server/site.json')).status).toBe(404);
    expect(await visitor('/preise')).toContain('sonst 138');
  }, 120_000);

  it('refuses to publish data saved after the preview was made, and publishes nothing', async () => {
    const version = hidden((await page('/intern/vorschau')).html, 'stand');
    const stale = await post('/intern/vorschau/veroeffentlichen', { stand: `${version.slice(0, -1)}${version.endsWith('0') ? '1' : '0'}` });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain(escapeMarkup(words.publish.stale));
    expect(await visitor('/preise')).toContain('sonst 138');
  });

  it('publishes: the public pages show the new price without a restart, and data/ is one commit of the owner', async () => {
    const version = hidden((await page('/intern/vorschau')).html, 'stand');
    const published = await post('/intern/vorschau/veroeffentlichen', { stand: version });
    // Done, the history by a redirect: reloading it publishes nothing again.
    expect(published.status, published.html).toBe(303);
    expect(published.location).toBe('/intern/inhalte/verlauf?ergebnis=veroeffentlicht&offen=1');
    expect((await page(published.location!)).html).toContain(escapeMarkup(words.publish.published));
    expect(await served('/preise', 'sonst 158')).toBe(true);
    expect(await visitor('/')).toContain('sonst 158');
    expect(await visitor('/schluesseldienst/bochum')).toContain('sonst 158');
    expect(git('log', '-1', '--format=%an|%s')).toBe(`Inhaber (Konsole)|${CHANGE}\n`);
    expect(git('status', '--porcelain')).toBe('');
    const history = await page('/intern/inhalte/verlauf');
    expect(history.html).toContain(escapeMarkup(CHANGE));
  }, 120_000);

  it('undoes a publish: the file is as it was, byte for byte, published and committed again', async () => {
    const commit = git('rev-parse', 'HEAD').trim();
    // The history's button asks first; the question's button undoes.
    const question = await page(`/intern/inhalte/verlauf/rueckgaengig?veroeffentlichung=${commit}`);
    expect(question.html).toContain(escapeMarkup(words.history.confirmTitle));
    expect(question.html).toContain(escapeMarkup(CHANGE));
    expect(original()).not.toBe(before);
    const undone = await post('/intern/inhalte/verlauf/rueckgaengig', { veroeffentlichung: commit });
    expect(undone.status, undone.html).toBe(303);
    const history = await page(undone.location!);
    expect(history.html).toContain(escapeMarkup(words.history.undone));
    // The publish undone offers no second undo.
    expect(history.html).toContain(escapeMarkup(words.history.alreadyUndone));
    expect(history.html).not.toContain(`value="${commit}"`);
    expect((await page(`/intern/inhalte/verlauf/rueckgaengig?veroeffentlichung=${commit}`)).status).toBe(404);
    expect(original()).toBe(before);
    expect(await served('/preise', 'sonst 138')).toBe(true);
    expect(git('log', '-1', '--format=%an|%s')).toBe(`Inhaber (Konsole)|${fillSlots(words.history.undoMessage, { subject: CHANGE })}\n`);
    const unknown = await post('/intern/inhalte/verlauf/rueckgaengig', { veroeffentlichung: 'deadbeef' });
    expect(unknown.status).toBe(409);
    expect(unknown.html).toContain(escapeMarkup(words.history.refusedUnknown));
  }, 120_000);

  it('refuses an undo while a saved change is not published, naming the file', async () => {
    const commit = git('rev-parse', 'HEAD').trim();
    await savePrice('75');
    const refused = await post('/intern/inhalte/verlauf/rueckgaengig', { veroeffentlichung: commit });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(escapeMarkup(fillSlots(words.history.refusedDraft, { files: words.prices.title })));
    expect(await visitor('/preise')).toContain('sonst 138');
  });

  it('lists every save, preview, publish and undo on the System page, with when, what and which login', async () => {
    const system = await page('/intern/system');
    const items = [...system.html.matchAll(/<li data-action="(\w+)" data-outcome="(\w+)">([^<]*)/g)].map(([, action, outcome, text]) => ({ action, outcome, text: text! }));
    expect(items.map(({ action, outcome }) => `${action}:${outcome}`)).toEqual(['undo:refused', 'save:done', 'undo:refused', 'undo:done', 'publish:done', 'publish:refused', 'preview:done', 'save:done']);
    expect(items.at(-1)!.text).toContain(CHANGE);
    const hint = /Anmeldung ([0-9a-f]{8}) vom/.exec(items[0]!.text)?.[1];
    expect(hint).toMatch(/^[0-9a-f]{8}$/);
    expect(items.every(({ text }) => text.includes(`Anmeldung ${hint}`))).toBe(true);
  });

  it("lists a town's change in the Orte form's words, and the lines changed beside a changed field (a comment), so nothing changed is hidden", async () => {
    const places = 'places/ruhrgebiet.yaml';
    const [placesBefore, pricesBefore] = [data.read(places), data.read('prices.yaml')];
    const town = (parse(placesBefore) as { towns: { name: string; arrivalTime: string }[] }).towns[0]!;
    const [from, to] = /^(\d+)–(\d+)/.exec(town.arrivalTime)!.slice(1).map(Number) as [number, number];
    const arrival = `${from + 5}–${to + 5} Min.`;
    const comment = '# Prices as the owner sets them in the console.';
    // The price saved above (75 €) is still a draft; a comment is added to its file, a town's arrival time changed.
    data.write(places, placesBefore.replace(`arrivalTime: "${town.arrivalTime}"`, `arrivalTime: "${arrival}"`));
    data.write('prices.yaml', `${comment}\n${pricesBefore}`);
    try {
      const preview = (await page('/intern/vorschau')).html;
      expect(preview).toContain(escapeMarkup(fillSlots(words.publish.value, { label: `${town.name} › ${words.places.fields.arrivalTime}`, before: `${from}–${to}`, after: `${from + 5}–${to + 5}` })));
      expect(preview).not.toContain('arrivalTime:');
      expect(preview).toContain(escapeMarkup(fillSlots(words.publish.value, { label: 'Zugefallene Tür', before: formatEuro(69), after: formatEuro(75) })));
      expect(preview).toMatch(new RegExp(`${escapeMarkup(words.publish.linesAdded)}</p><pre[^>]*>${escapeMarkup(comment)}</pre>`));
    } finally {
      data.write(places, placesBefore);
      data.write('prices.yaml', pricesBefore);
    }
  });

  it('says in German that a preview the build refuses was not made, and keeps the build\'s English line for the log', async () => {
    // A developer's push broke a data file: the build refuses it.
    const before = data.read('prices.yaml');
    data.write('prices.yaml', before.replace(/^services:/m, 'services: 5\nalt:'));
    try {
      const failed = await post('/intern/vorschau');
      expect(failed.status).toBe(500);
      expect(failed.html).toContain(escapeMarkup(words.publish.previewFailed));
      expect(failed.html).not.toMatch(/must be|data\/prices\.yaml:\d/);
      expect(log.some((line) => /^Owner's console: the preview was not built: [\s\S]*prices\.yaml/.test(line))).toBe(true);
      // The System page's log of changes says what was tried, not the build's line.
      const system = (await page('/intern/system')).html;
      expect(system).toMatch(/<li data-action="preview" data-outcome="failed">[^<]*Vorschau \(fehlgeschlagen\)\. Anmeldung/);
    } finally {
      data.write('prices.yaml', before);
    }
  }, 120_000);
});

describe('the history page', () => {
  it("dates each publish in German and in Berlin's time, in winter and in summer, across midnight", async () => {
    // Two commits of data/ by a developer at known instants (UTC), which the history lists with the owner's publishes.
    for (const [date, season] of [['2026-01-15T23:30:00Z', 'Winter'], ['2026-07-01T22:15:00Z', 'Sommer']] as const) {
      data.edit('claims.yaml', (text) => `${text}# ${season}\n`);
      git('commit', '--quiet', `--date=${date}`, '-m', `Kommentar ${season}`, '--', 'data/claims.yaml');
    }
    // One that changed the program too: only the developer can undo it, so no button is offered.
    data.edit('claims.yaml', (text) => `${text}# Programm\n`);
    writeFileSync(join(data.dir, '..', 'programm.txt'), 'neu\n');
    git('add', '--', 'data/claims.yaml', 'programm.txt');
    git('commit', '--quiet', '-m', 'Code and data', '--', 'data/claims.yaml', 'programm.txt');
    const { status, html } = await page('/intern/inhalte/verlauf');
    expect(status).toBe(200);
    const both = html.slice(html.lastIndexOf('<li class="console-item">', html.indexOf('Code and data')));
    const bothItem = both.slice(0, both.indexOf('<li class="console-item">', 1));
    expect(bothItem).toContain(escapeMarkup(words.history.technicianOnly));
    expect(bothItem).not.toContain(words.history.undo);
    // A developer's commit is headed as his, its own message folded away with its changes.
    const items = [...html.matchAll(/<li class="console-item"><h2>([^<]*)<\/h2><p>([^<]*)<\/p>(?:<details><summary>[^<]*<\/summary><p lang="en">([^<]*)<\/p>)?/g)].map(([, heading, when, own]) =>
      own === undefined ? `${heading}|${when}` : `${heading}: ${own}|${when}`,
    );
    // 23:30 UTC in January is 00:30 of the next day in Berlin (UTC+1); 22:15 UTC in July is 00:15 of the next day (UTC+2).
    expect(items).toContain(`${words.history.byTechnician}: Kommentar Sommer|${escapeMarkup(fillSlots(words.history.when, { time: '02.07.2026, 00:15', author: 'Entwickler' }))}`);
    expect(items).toContain(`${words.history.byTechnician}: Kommentar Winter|${escapeMarkup(fillSlots(words.history.when, { time: '16.01.2026, 00:30', author: 'Entwickler' }))}`);
    // The owner's publish and undo of this file are dated the same way.
    const escaped = escapeMarkup(fillSlots(words.history.when, { time: 'TIME', author: 'Inhaber (Konsole)' })).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const ownerWhen = new RegExp(`\\|${escaped.replace('TIME', '\\d{2}\\.\\d{2}\\.20\\d{2}, \\d{2}:\\d{2}')}$`);
    expect(items.filter((item) => ownerWhen.test(item)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('discarding unpublished changes', () => {
  it('lists what would go, refuses a list that is out of date, then puts data/ back as the last publish left it', async () => {
    const published = git('show', 'HEAD:data/prices.yaml');
    expect((await savePrice('99')).status).toBe(200);
    // A photo uploaded but not published is a new file in data/: it goes too.
    writeFileSync(join(data.dir, 'images', 'galerie-neu-verworfen.jpg'), 'nicht veröffentlicht');
    const asked = await page('/intern/vorschau/verwerfen');
    expect(asked.status).toBe(200);
    expect(asked.html).toContain(`→ ${escapeMarkup(formatEuro(99))}`);
    expect(asked.html).toContain(escapeMarkup(words.publish.discardText));
    // Saved again after the page was shown: the list the owner saw is not what would go.
    expect((await savePrice('98')).status).toBe(200);
    const stale = await post('/intern/vorschau/verwerfen', { stand: hidden(asked.html, 'stand') });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain(escapeMarkup(words.publish.discardStale));
    expect(data.read('prices.yaml')).toContain('98');
    const done = await post('/intern/vorschau/verwerfen', { stand: hidden((await page('/intern/vorschau/verwerfen')).html, 'stand') });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/intern/vorschau?verworfen');
    expect(data.read('prices.yaml')).toBe(published);
    expect(git('status', '--porcelain', '--', 'data')).toBe('');
    expect((await page(done.location!)).html).toContain(escapeMarkup(words.publish.discarded));
    const system = (await page('/intern/system')).html;
    // The log of changes: the discard, done, with what went.
    expect(system).toMatch(new RegExp(`<li data-action="discard" data-outcome="done">[^<]*${words.contentLog.actions.discard}[^<]*${words.prices.title}`));
    // Nothing left: the page says so and offers no button.
    const nothing = await page('/intern/vorschau/verwerfen');
    expect(nothing.html).toContain(escapeMarkup(words.publish.nothingToDiscard));
    expect(nothing.html).not.toContain(escapeMarkup(words.publish.discardButton));
  });
});
