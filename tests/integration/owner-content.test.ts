// The console's Inhalte against the real server, a real SQLite file, the run's shared build and a
// copy of data/ (the server's DATA_DIR): the Preise form shows what visitors read, a save changes
// only its value in data/prices.yaml and keeps every comment, a wrong value shows its German
// message next to its field, keeps what was typed and changes no byte, the build's own checks
// refuse what would stop `npm run build`, a file changed since the form was opened is refused with
// both versions, and another site cannot post to it.
import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { pricesSchema } from '../../core/schema/prices.ts';
import { fillSlots } from '../../core/slots.ts';
import { escapeMarkup } from '../../core/escape.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { buildSite } from '../support/site-build.ts';
import { tempDir } from '../support/temp-dir.ts';

const PASSWORD = 'Preise-Formular-Essen-42';
const PRICES = '/intern/inhalte/preise';

let data: DataCopy;
let server: RunningServer;
let db: Db;
let cookie: string;
let visitorPrices: string;
let words: ReturnType<typeof consoleWordsSchema.parse>;
const log: string[] = [];

beforeAll(async () => {
  data = copyData();
  words = consoleWordsSchema.parse(parse(data.read('console.yaml')));
  const dir = tempDir('owner-content-');
  const site = await buildSite();
  visitorPrices = site.read('preise/index.html');
  server = await startServer({
    distDir: site.dir,
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
}, 120_000);

afterAll(async () => {
  await server?.close();
  db?.close();
  data?.remove();
});

const page = async (path: string) => {
  const answer = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
  return { status: answer.status, html: await answer.text() };
};

/** Sends a form as the browser sends it from our page (or with other headers). */
async function send(fields: Map<string, string> | Record<string, string>, headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' }) {
  const body = new URLSearchParams(fields instanceof Map ? [...fields] : Object.entries(fields));
  const answer = await fetch(`${server.url}${PRICES}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, ...headers }, body, redirect: 'manual' });
  return { status: answer.status, html: await answer.text() };
}

const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** Every field of the page's form with its value, as a browser would send it. */
function formOf(html: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [input] of html.matchAll(/<input [^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (name) fields.set(decode(name), decode(/value="([^"]*)"/.exec(input)?.[1] ?? ''));
  }
  for (const [, name, options] of html.matchAll(/<select [^>]*name="([^"]*)"[^>]*>(.*?)<\/select>/gs)) {
    fields.set(decode(name!), decode(/<option [^>]*value="([^"]*)"[^>]*selected=""/.exec(options!)?.[1] ?? ''));
  }
  // A long text stands in a textarea (server/owner/views/form-field-view.tsx).
  for (const [, name, text] of html.matchAll(/<textarea [^>]*name="([^"]*)"[^>]*>(.*?)<\/textarea>/gs)) fields.set(decode(name!), decode(text!));
  return fields;
}

/** The text of the element with this id (which holds no element of its own kind), tags removed. */
function textOf(html: string, id: string): string {
  const match = new RegExp(`<([a-z]+) [^>]*id="${id}"[^>]*>`).exec(html);
  if (!match) return '';
  const rest = html.slice(match.index + match[0].length);
  return decode(rest.slice(0, rest.indexOf(`</${match[1]}>`)).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
}

const FIELD = 'services.tuer-zugefallen.price';
const FIELD_ID = 'feld-services-tuer-zugefallen-price';

describe('the Preise form', () => {
  it('is listed under Inhalte, names every field by its data path and shows beside a price what the built /preise page says', async () => {
    const overview = await page('/intern/inhalte');
    expect(overview.status).toBe(200);
    expect(overview.html).toContain(`href="${PRICES}"`);
    const { status, html } = await page(PRICES);
    expect(status).toBe(200);
    const form = formOf(html);
    expect(form.get(FIELD)).toBe('69');
    for (const name of ['parts.zylinder.price', 'extras.anfahrt-ausserhalb.price', 'surcharges.outsideHours.percent', 'surcharges.outsideHours.appliesTo', 'terms.standardHours', 'happyHour.from', 'happyHour.price']) {
      expect(form.has(name), name).toBe(true);
    }
    // The visitor's words for the price, as the build wrote them into /preise.
    const built = /data-price-id="tuer-zugefallen"[^>]*>([^<]*)<\/span> <span class="price-when">([^<]*)<span data-price-outside="tuer-zugefallen">([^<]*)<\/span>/.exec(visitorPrices);
    expect(built).not.toBeNull();
    // (textOf reads a no-break space as a space, as a reader does.)
    expect(textOf(html, `${FIELD_ID}-shown`)).toBe(fillSlots(words.form.shown, { text: `${built![1]} ${built![2]}${built![3]}` }).replace(/\s+/g, ' '));
  });

  it('has its "Speichern" at the top of the long form too, in the same form, so a phone need not scroll to the end', async () => {
    const { html } = await page(PRICES);
    const form = new RegExp(`<form [^>]*action="${PRICES}"[^>]*>(.*?)</form>`, 's').exec(html)?.[1] ?? '';
    const buttons = [...form.matchAll(/<button [^>]*type="submit"[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);
    expect(buttons).toEqual([words.form.save, words.form.save]);
    // The first one stands before the first field, the other after the last.
    expect(form.indexOf('<button')).toBeLessThan(form.indexOf('<fieldset'));
    expect(form.lastIndexOf('<button')).toBeGreaterThan(form.lastIndexOf('</fieldset>'));
  });

  it('saves a new price into data/prices.yaml, changing only its line and keeping every comment, and says what changed', async () => {
    const before = data.read('prices.yaml');
    chmodSync(join(data.dir, 'prices.yaml'), 0o640);
    const form = formOf((await page(PRICES)).html);
    form.set(FIELD, '79');
    const { status, html } = await send(form);
    expect(status).toBe(200);
    const after = data.read('prices.yaml');
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed).toEqual(['    price: 79']);
    // Written anew (a temporary file renamed over it), with the permissions it had.
    expect(statSync(join(data.dir, 'prices.yaml')).mode & 0o777).toBe(0o640);
    expect(after.split('\n').filter((line) => line.includes('#'))).toEqual(before.split('\n').filter((line) => line.includes('#')));
    expect(textOf(html, 'gespeichert')).toContain(fillSlots(words.form.change, { label: 'Zugefallene Tür', before: '69 €', after: '79 €' }).replace(/\s+/g, ' '));
    expect(textOf(html, 'gespeichert')).toContain(words.form.rebuild);
    // The form now holds the saved value, and beside it the price outside the standard hours follows.
    expect(formOf(html).get(FIELD)).toBe('79');
    expect(textOf(html, `${FIELD_ID}-shown`)).toContain('sonst 158 €'.replace(/\s+/g, ' '));
    expect(log.some((line) => line.includes('data/prices.yaml saved') && line.includes(FIELD))).toBe(true);
  }, 60_000);

  it('refuses a wrong value with its German message next to the field, keeps what was typed and changes no byte', async () => {
    for (const typed of ['79 $', 'abc']) {
      const before = data.read('prices.yaml');
      const form = formOf((await page(PRICES)).html);
      form.set(FIELD, typed);
      const { status, html } = await send(form);
      expect(status, typed).toBe(422);
      expect(data.read('prices.yaml')).toBe(before);
      expect(textOf(html, `${FIELD_ID}-problem`)).toBe(words.form.problems.euro);
      expect(formOf(html).get(FIELD)).toBe(typed);
      const input = new RegExp(`<input [^>]*id="${FIELD_ID}"[^>]*>`).exec(html)![0];
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain(`aria-describedby="${FIELD_ID}-problem`);
      // The summary at the top links to the field.
      expect(textOf(html, 'probleme')).toContain(words.form.problemsTitle);
      expect(html).toContain(`href="#${FIELD_ID}"`);
    }
  });

  it('refuses a value the build would stop at (a text of another file grows too long) with the build\'s words, and writes nothing', async () => {
    const before = data.read('prices.yaml');
    const form = formOf((await page(PRICES)).html);
    form.set(FIELD, '9999999,99');
    const { status, html } = await send(form);
    expect(status).toBe(422);
    expect(data.read('prices.yaml')).toBe(before);
    const problem = textOf(html, `${FIELD_ID}-problem`);
    expect(problem).toContain(fillSlots(words.form.problems.build, { message: '' }).trim().slice(0, 40));
    // The build's English line, naming the file and field of the text that grew too long, is the operator's log's.
    expect(problem).not.toMatch(/is too long/);
    expect(log.some((line) => /data\/prices\.yaml not saved, the build refuses the change:\n- data\/[a-z-]+\.yaml:\d+.*seo\.description: is too long/.test(line))).toBe(true);
    expect(formOf(html).get(FIELD)).toBe('9999999,99');
  }, 60_000);

  it('refuses a field name that is no field of the form (400, German) and a form it cannot read, and writes nothing', async () => {
    const before = data.read('prices.yaml');
    for (const name of ['services.tuer-zugefallen.title', '../site.yaml', 'currency']) {
      const { status, html } = await send({ _version: 'x', [name]: '1' });
      expect(status, name).toBe(400);
      expect(html).toContain(escapeMarkup(fillSlots(words.form.unknownField, { name })));
    }
    // A body the server cannot take (far more fields than the form has): the form again, saying so.
    const flood = await send(Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`services.tuer-zugefallen.price${i}`, '1'])));
    expect(flood.status).toBe(413);
    expect(flood.html).toContain(escapeMarkup(words.form.malformed));
    expect(data.read('prices.yaml')).toBe(before);
  });

  it('refuses to save over a file that changed since the form was opened, and shows both versions', async () => {
    const form = formOf((await page(PRICES)).html);
    const price = Number(form.get(FIELD));
    // A developer's push changes the file meanwhile.
    data.edit('prices.yaml', (text) => text.replace('    title: Profilzylinder 30/30\n    price: 30', '    title: Profilzylinder 30/30\n    price: 35'));
    const changed = data.read('prices.yaml');
    form.set(FIELD, String(price + 10));
    const { status, html } = await send(form);
    expect(status).toBe(409);
    expect(data.read('prices.yaml')).toBe(changed);
    expect(html).toContain('Seit Sie dieses Formular geöffnet haben, wurde anderswo etwas unter „Preise“ oder in einem Formular mit denselben Angaben gespeichert');
    expect(html).not.toContain('data/prices.yaml');
    // The owner's typed value and the file's, side by side; the form shows the file's now.
    const row = /<tr><th scope="row">[^<]*<\/th><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g;
    const rows = [...html.matchAll(row)].map((match) => [match[1], match[2]]);
    expect(rows).toContainEqual([String(price + 10), String(price)]);
    expect(rows).toContainEqual(['30', '35']);
    expect(formOf(html).get('parts.zylinder.price')).toBe('35');
  });

  it('answers seeded hostile posts with a session below 500, and the file always loads afterwards', async () => {
    const names = [...formOf((await page(PRICES)).html).keys()].filter((name) => name !== '_version');
    const odd = ['', ' ', '-1', '1e5', '0x10', '١٢', 'NaN', 'Infinity', '7 9', '79.999', '12:60', '25:00', '<script>alert(1)</script>', '"', '\n\r', '%00', 'a'.repeat(5000), 'labour\n', '__proto__', '{{price:zylinder}}', 'Mo–Fr 8–18', '- Liste', 'x: y'];
    const valid = ['80', '1,25', '13:30', 'Mo–Fr 8–18 Uhr außer an Feiertagen', 'total', 'Sa–So'];
    let state = 20_261_128;
    const random = (n: number) => Math.floor(((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * n);
    for (let i = 0; i < 40; i++) {
      const form = formOf((await page(PRICES)).html);
      for (let j = 0; j <= random(3); j++) {
        const name = random(10) === 0 ? ['__proto__', 'constructor.prototype.x', 'services.0.price', 'services.tuer-zugefallen.price.x'][random(4)]! : names[random(names.length)]!;
        form.set(name, random(8) === 0 ? valid[random(valid.length)]! : odd[random(odd.length)]!);
      }
      const { status } = await send(form);
      expect([200, 400, 409, 422], `case ${i}: ${JSON.stringify([...form].filter(([name]) => name !== '_version'))}`).toContain(status);
      expect(pricesSchema.safeParse(parse(data.read('prices.yaml'))).success, `case ${i}`).toBe(true);
    }
  }, 120_000);

  it('says so to the owner and the operator when the file has a mistake, instead of a form', async () => {
    const good = data.read('prices.yaml');
    try {
      data.write('prices.yaml', `${good}\nservices: [kaputt\n`);
      const shown = await page(PRICES);
      expect(shown.status).toBe(503);
      expect(shown.html).toContain(escapeMarkup(fillSlots(words.form.unreadable, { file: 'data/prices.yaml' })));
      expect(shown.html).not.toContain('name="services.tuer-zugefallen.price"');
      const form = new Map([[FIELD, '80']]);
      expect((await send(form)).status).toBe(503);
      expect(log.some((line) => line.startsWith("Owner's console: data/prices.yaml cannot be edited"))).toBe(true);
    } finally {
      data.write('prices.yaml', good);
    }
  });

  it('is refused to another site, with a session, and without one', async () => {
    const before = data.read('prices.yaml');
    const form = formOf((await page(PRICES)).html);
    form.set(FIELD, '59');
    for (const headers of <Record<string, string>[]>[{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'https://evil.example' }, { Origin: 'null' }, {}]) {
      expect((await send(form, headers)).status, JSON.stringify(headers)).toBe(403);
    }
    const anonymous = await fetch(`${server.url}${PRICES}`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams([...form]), redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect((await fetch(`${server.url}${PRICES}`, { redirect: 'manual' })).status).toBe(303);
    expect(data.read('prices.yaml')).toBe(before);
  });
});
