// The console's forms of data/site.yaml against the real server, a real SQLite file, the run's
// shared build and a copy of data/ (the server's DATA_DIR): "Kontakt und Zeiten" takes a phone
// number typed as the owner writes it and stores both its forms, refuses what is no number, e-mail
// address, https address, time or days in German next to its field without changing a byte;
// "Rechtliches" enters and clears facts that are unknown (null) or do not apply (false) and the
// VAT switch with the price note it changes; every save changes only the values' lines.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { consoleWordsSchema, type ConsoleWords } from '../../core/schema/console.ts';
import { siteSchema } from '../../core/schema/site.ts';
import { fillSlots } from '../../core/slots.ts';
import { NOT_APPLICABLE } from '../../server/content/form-fields.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { buildSite } from '../support/site-build.ts';
import { tempDir } from '../support/temp-dir.ts';

const PASSWORD = 'Kontakt-Formular-Essen-42';
const CONTACT = '/intern/inhalte/kontakt';
const LEGAL = '/intern/inhalte/rechtliches';

let data: DataCopy;
let server: RunningServer;
let db: Db;
let cookie: string;
let words: ConsoleWords;
const log: string[] = [];

beforeAll(async () => {
  data = copyData();
  words = consoleWordsSchema.parse(parse(data.read('console.yaml')));
  const dir = tempDir('owner-site-forms-');
  const site = await buildSite();
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

const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
const id = (path: string) => `feld-${path.replace(/[^a-zA-Z0-9-]/g, '-')}`;

/** A form as the browser sends it: every text field and choice, and each checked box under its name. */
interface Form {
  fields: Map<string, string>;
  checked: Set<string>;
}

function formOf(html: string): Form {
  const fields = new Map<string, string>();
  const checked = new Set<string>();
  for (const [input] of html.matchAll(/<input [^>]*>/g)) {
    const name = decode(/name="([^"]*)"/.exec(input)?.[1] ?? '');
    if (!name) continue;
    if (input.includes('type="checkbox"')) {
      if (input.includes('checked=""')) checked.add(name);
    } else fields.set(name, decode(/value="([^"]*)"/.exec(input)?.[1] ?? ''));
  }
  for (const [, name, options] of html.matchAll(/<select [^>]*name="([^"]*)"[^>]*>(.*?)<\/select>/gs)) {
    fields.set(decode(name!), decode(/<option [^>]*value="([^"]*)"[^>]*selected=""/.exec(options!)?.[1] ?? ''));
  }
  // A long text stands in a textarea (server/owner/views/form-field-view.tsx).
  for (const [, name, text] of html.matchAll(/<textarea [^>]*name="([^"]*)"[^>]*>(.*?)<\/textarea>/gs)) fields.set(decode(name!), decode(text!));
  return { fields, checked };
}

/** The text of the element with this id, tags removed. */
function textOf(html: string, elementId: string): string {
  const match = new RegExp(`<([a-z]+) [^>]*id="${elementId}"[^>]*>`).exec(html);
  if (!match) return '';
  const rest = html.slice(match.index + match[0].length);
  return decode(rest.slice(0, rest.indexOf(`</${match[1]}>`)).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
}

const open = async (path: string) => {
  const answer = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
  const html = await answer.text();
  return { status: answer.status, html, form: formOf(html) };
};

async function send(path: string, { fields, checked }: Form) {
  const body = new URLSearchParams([...fields]);
  for (const name of checked) body.append(name, NOT_APPLICABLE);
  const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body, redirect: 'manual' });
  const html = await answer.text();
  return { status: answer.status, html, form: formOf(html) };
}

/** The lines of data/site.yaml that differ from `before`, as [before, after]. */
function changedLines(before: string, after: string): [string, string][] {
  const [a, b] = [before.split('\n'), after.split('\n')];
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!] as [string, string]]));
}

const comments = (text: string) => text.split('\n').filter((line) => line.trim().startsWith('#'));

describe('the form "Kontakt und Zeiten"', () => {
  it('is listed under Inhalte and names each field by its data path, with what visitors read and the tel: link', async () => {
    expect((await open('/intern/inhalte')).html).toContain(`href="${CONTACT}"`);
    const { status, html, form } = await open(CONTACT);
    expect(status).toBe(200);
    expect(form.fields.get('phone.display')).toBe('0201 000 000 0');
    expect(form.fields.get('whatsapp.display')).toBe('0170 000 000 0');
    for (const name of ['email', 'address.street', 'address.postalCode', 'address.city', 'hours.emergency', 'hours.office.werktags.days', 'hours.office.samstag.closes', 'hours.emailReply', 'reviews.pageUrl']) {
      expect(form.fields.has(name), name).toBe(true);
    }
    // The dialling form and the map point are no fields: the one follows the typed number, the other stays a technician's.
    expect(form.fields.has('phone.e164')).toBe(false);
    expect(form.fields.has('address.latitude')).toBe(false);
    expect(textOf(html, `${id('phone.display')}-shown`)).toBe(fillSlots(words.form.shown, { text: fillSlots(words.contact.fields.phoneShown, { display: '0201 000 000 0', link: 'tel:+492010000000' }) }));
    expect(textOf(html, `${id('whatsapp.display')}-shown`)).toContain('https://wa.me/491700000000');
    // What `npm run check` lists about the example data, beside its field.
    expect(textOf(html, `${id('phone.display')}-warning`)).toBe(words.contact.warnings.exampleNumber);
    expect(textOf(html, `${id('email')}-warning`)).toBe(words.contact.warnings.exampleMail);
    expect(textOf(html, `${id('reviews.pageUrl')}-warning`)).toBe(words.contact.warnings.reviewSearch);
    expect(html).toMatch(new RegExp(`<input [^>]*id="${id('phone.display')}"[^>]*type="tel"`));
  });

  it('takes the phone number as the owner types it and writes both its forms, changing only their two lines', async () => {
    const before = data.read('site.yaml');
    const { form } = await open(CONTACT);
    form.fields.set('phone.display', '0201 / 123 45-67');
    const { status, html, form: after } = await send(CONTACT, form);
    expect(status).toBe(200);
    const text = data.read('site.yaml');
    expect(changedLines(before, text)).toEqual([
      ['  e164: "+492010000000"', '  e164: "+492011234567"'],
      ['  display: "0201 000 000 0"', '  display: "0201 123 45 67"'],
    ]);
    expect(comments(text)).toEqual(comments(before));
    expect(siteSchema.safeParse(parse(text)).success).toBe(true);
    expect(textOf(html, 'gespeichert')).toContain(fillSlots(words.form.change, { label: words.contact.fields.phone, before: '0201 000 000 0', after: '0201 123 45 67' }));
    expect(after.fields.get('phone.display')).toBe('0201 123 45 67');
    expect(textOf(html, `${id('phone.display')}-shown`)).toContain('tel:+492011234567');
    expect(textOf(html, `${id('phone.display')}-warning`)).toBe('');
    expect(log.some((line) => line.includes('data/site.yaml saved') && line.includes('phone.e164 = "+492011234567"'))).toBe(true);
  }, 60_000);

  it('refuses a wrong number, e-mail address, link, time and days in German next to each field, keeps what was typed and changes no byte', async () => {
    const before = data.read('site.yaml');
    const { form } = await open(CONTACT);
    const wrong: [path: string, typed: string, problem: string][] = [
      ['phone.display', '123 456', words.form.problems.phone],
      ['whatsapp.display', '0201 1234567', words.form.problems.mobile],
      ['email', 'info@', words.form.problems.email],
      ['reviews.pageUrl', 'http://g.page/mustermann/review', words.form.problems.url],
      ['hours.office.werktags.opens', '25:00', words.form.problems.time],
      ['hours.office.samstag.days', 'Samstag', words.form.problems.days],
      ['address.postalCode', '4512', words.form.problems.postcode],
    ];
    for (const [path, typed] of wrong) form.fields.set(path, typed);
    const { status, html, form: shown } = await send(CONTACT, form);
    expect(status).toBe(422);
    expect(data.read('site.yaml')).toBe(before);
    for (const [path, typed, problem] of wrong) {
      expect(textOf(html, `${id(path)}-problem`), path).toBe(problem);
      expect(shown.fields.get(path), path).toBe(typed);
      expect(html).toContain(`href="#${id(path)}"`);
    }
  });

  it('refuses office hours that close before they open, at the closing time', async () => {
    const before = data.read('site.yaml');
    const { form } = await open(CONTACT);
    form.fields.set('hours.office.samstag.closes', '08:30');
    const { status, html } = await send(CONTACT, form);
    expect(status).toBe(422);
    expect(textOf(html, `${id('hours.office.samstag.closes')}-problem`)).toBe(words.contact.officeOrder);
    expect(data.read('site.yaml')).toBe(before);
  });

  it('refuses an e-mail address the schema of data/site.yaml refuses, at its field', async () => {
    const before = data.read('site.yaml');
    const { form } = await open(CONTACT);
    form.fields.set('email', 'büro@schlüsseldienst-essen.de');
    const { status, html } = await send(CONTACT, form);
    expect(status).toBe(422);
    expect(textOf(html, `${id('email')}-problem`)).toBe(words.form.problems.email);
    expect(data.read('site.yaml')).toBe(before);
  });

  it('saves office hours and days written loosely in the form the pages read', async () => {
    const before = data.read('site.yaml');
    const { form } = await open(CONTACT);
    form.fields.set('hours.office.werktags.days', 'mo - fr');
    form.fields.set('hours.office.werktags.closes', '17.30 Uhr');
    form.fields.set('whatsapp.display', '+49 (0)170 1234567');
    const { status } = await send(CONTACT, form);
    expect(status).toBe(200);
    const text = data.read('site.yaml');
    // "mo - fr" is the days already there, written loosely: no change of that line.
    expect(changedLines(before, text)).toEqual([
      ['  e164: "+491700000000"', '  e164: "+491701234567"'],
      ['  display: "0170 000 000 0"', '  display: "+49 170 1234567"'],
      ['      closes: "18:00"', '      closes: "17:30"'],
    ]);
    const office = (siteSchema.parse(parse(text)) as { hours: { office: { days: string; closes: string }[] } }).hours.office;
    expect(office[0]).toMatchObject({ days: 'Mo–Fr', closes: '17:30' });
  }, 60_000);
});

describe('both forms of data/site.yaml', () => {
  it('refuse to save over the file changed since the form was opened (by the other form, too), and show both versions', async () => {
    const original = data.read('site.yaml');
    const contact = await open(CONTACT);
    const legal = await open(LEGAL);
    legal.form.checked.delete('registration.supervisoryAuthority');
    legal.form.fields.set('registration.supervisoryAuthority', 'Bezirksregierung Düsseldorf');
    expect((await send(LEGAL, legal.form)).status).toBe(200);
    const saved = data.read('site.yaml');
    contact.form.fields.set('email', 'info@ihr-betrieb.de');
    const { status, html, form } = await send(CONTACT, contact.form);
    expect(status).toBe(409);
    expect(data.read('site.yaml')).toBe(saved);
    const rows = [...html.matchAll(/<tr><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map((match) => match.slice(1, 4));
    expect(rows).toEqual([[words.contact.fields.email, 'info@ihr-betrieb.de', 'info@example.com']]);
    expect(form.fields.get('email')).toBe('info@example.com');
    // Ticked and typed again in a stale Rechtliches form: the table names the box by its words.
    legal.form.checked.add('registration.supervisoryAuthority');
    const stale = await send(LEGAL, legal.form);
    expect(stale.status).toBe(409);
    expect(stale.html).toContain(`<td>${words.legal.notApplicable}</td><td>Bezirksregierung Düsseldorf</td>`);
    data.write('site.yaml', original);
  }, 60_000);
});

describe('the form "Rechtliches"', () => {
  it('shows a missing fact empty with what is still to do, one that does not apply ticked, and the VAT note before and after a switch', async () => {
    expect((await open('/intern/inhalte')).html).toContain(`href="${LEGAL}"`);
    const { status, html, form } = await open(LEGAL);
    expect(status).toBe(200);
    expect(form.fields.get('registration.rollNumber')).toBe('');
    expect(textOf(html, `${id('registration.rollNumber')}-warning`)).toBe(words.legal.missing);
    expect(form.checked.has('registration.supervisoryAuthority')).toBe(true);
    expect(form.fields.get('registration.supervisoryAuthority')).toBe('');
    expect(form.fields.get('registration.smallBusiness')).toBe('true');
    const prices = parse(data.read('prices.yaml')) as { vat: { smallBusiness: { note: string }; standard: { note: string } } };
    expect(textOf(html, `${id('registration.smallBusiness')}-warning`)).toBe(words.legal.fields.smallBusinessWarning);
    const shown = textOf(html, `${id('registration.smallBusiness')}-shown`);
    const note = fillSlots(words.legal.fields.smallBusinessShown, { now: prices.vat.smallBusiness.note, other: prices.vat.standard.note.replace('{{registration.vatRate}}', '19') });
    expect(shown).toBe(fillSlots(words.form.shown, { text: note }).replace(/\s+/g, ' '));
    expect(shown).toContain('19 % MwSt.');
  });

  it('enters an unknown fact and clears it again, the file back byte for byte', async () => {
    const original = data.read('site.yaml');
    const first = await open(LEGAL);
    first.form.fields.set('registration.rollNumber', 'Betriebsnummer 12345');
    first.form.fields.set('hosting.provider', 'Hetzner Online GmbH');
    // The privacy policy names the hoster with its address: one without the other is refused at the missing one.
    const alone = await send(LEGAL, first.form);
    expect(alone.status).toBe(422);
    expect(textOf(alone.html, `${id('hosting.address')}-problem`)).toBe(fillSlots(words.legal.needs, { label: words.legal.fields.hostingProvider }));
    expect(data.read('site.yaml')).toBe(original);
    first.form.fields.set('hosting.address', 'Industriestr. 25, 91710 Gunzenhausen');
    const saved = await send(LEGAL, first.form);
    expect(saved.status, textOf(saved.html, 'probleme')).toBe(200);
    expect(changedLines(original, data.read('site.yaml'))).toEqual([
      ['  rollNumber: null', '  rollNumber: Betriebsnummer 12345'],
      ['  provider: null', '  provider: Hetzner Online GmbH'],
      ['  address: null', '  address: Industriestr. 25, 91710 Gunzenhausen'],
    ]);
    const second = await open(LEGAL);
    expect(textOf(second.html, `${id('registration.rollNumber')}-warning`)).toBe('');
    second.form.fields.set('registration.rollNumber', '');
    second.form.fields.set('hosting.provider', '  ');
    second.form.fields.set('hosting.address', '');
    const { status, html } = await send(LEGAL, second.form);
    expect(status).toBe(200);
    expect(data.read('site.yaml')).toBe(original);
    expect(textOf(html, 'gespeichert')).toContain(fillSlots(words.form.change, { label: words.legal.fields.rollNumber, before: 'Betriebsnummer 12345', after: '–' }));
  }, 90_000);

  it('makes a fact that does not apply a text and back with its checkbox', async () => {
    const original = data.read('site.yaml');
    const first = await open(LEGAL);
    first.form.checked.delete('registration.supervisoryAuthority');
    first.form.fields.set('registration.supervisoryAuthority', 'Bezirksregierung Düsseldorf');
    // Ticked, the box wins over a typed text.
    first.form.checked.add('registration.profession');
    first.form.fields.set('registration.profession', 'Metallbauermeister');
    expect((await send(LEGAL, first.form)).status).toBe(200);
    expect(changedLines(original, data.read('site.yaml'))).toEqual([
      ['  profession: null', '  profession: false'],
      ['  supervisoryAuthority: false', '  supervisoryAuthority: Bezirksregierung Düsseldorf'],
    ]);
    const second = await open(LEGAL);
    expect(second.form.checked.has('registration.profession')).toBe(true);
    expect(second.form.fields.get('registration.supervisoryAuthority')).toBe('Bezirksregierung Düsseldorf');
    second.form.checked.add('registration.supervisoryAuthority');
    second.form.checked.delete('registration.profession');
    second.form.fields.set('registration.profession', '');
    expect((await send(LEGAL, second.form)).status).toBe(200);
    expect(data.read('site.yaml')).toBe(original);
  }, 90_000);

  it('switches VAT, and takes a VAT id typed loosely; a wrong id or a fact of one letter is refused next to its field', async () => {
    const original = data.read('site.yaml');
    const wrong = await open(LEGAL);
    wrong.form.fields.set('registration.vatId', 'DE 123');
    wrong.form.fields.set('registration.insurance.area', 'D');
    const refused = await send(LEGAL, wrong.form);
    expect(refused.status).toBe(422);
    expect(textOf(refused.html, `${id('registration.vatId')}-problem`)).toBe(words.form.problems.vatId);
    expect(textOf(refused.html, `${id('registration.insurance.area')}-problem`)).toBe(words.form.problems.fact);
    expect(data.read('site.yaml')).toBe(original);
    const { form } = await open(LEGAL);
    form.fields.set('registration.smallBusiness', 'false');
    form.fields.set('registration.vatId', 'de 123 456 789');
    const { status, html } = await send(LEGAL, form);
    expect(status).toBe(200);
    expect(changedLines(original, data.read('site.yaml'))).toEqual([
      ['  smallBusiness: true', '  smallBusiness: false'],
      ['  vatId: null', '  vatId: DE123456789'],
    ]);
    expect(textOf(html, 'gespeichert')).toContain(fillSlots(words.form.change, { label: words.legal.fields.smallBusiness, before: words.legal.fields.smallBusinessYes, after: words.legal.fields.smallBusinessNo }).replace(/\s+/g, ' '));
    // The note now shown is the standard one; the switch back would bring the § 19 note.
    expect(textOf(html, `${id('registration.smallBusiness')}-shown`)).toMatch(/19 % MwSt\..*§ 19 UStG/);
    data.write('site.yaml', original);
  }, 90_000);
});

describe('the version date of a legal text', () => {
  const AGB = `${LEGAL}/agb`;

  it('is linked from Rechtliches, not listed in the overview, and shows the date as visitors read it', async () => {
    expect((await open(LEGAL)).html).toContain(`href="${AGB}"`);
    expect((await open('/intern/inhalte')).html).not.toContain(`href="${AGB}"`);
    const { status, html, form } = await open(AGB);
    expect(status).toBe(200);
    expect(form.fields.get('stand')).toBe('2026-11-27');
    expect(html).toMatch(new RegExp(`<input [^>]*id="${id('stand')}"[^>]*type="date"`));
    // A short form keeps its one button at the end.
    const inForm = new RegExp(`<form [^>]*action="${AGB}"[^>]*>(.*?)</form>`, 's').exec(html)?.[1] ?? '';
    expect(inForm.match(/<button [^>]*type="submit"/g)).toHaveLength(1);
    expect(textOf(html, `${id('stand')}-shown`)).toBe(fillSlots(words.form.shown, { text: fillSlots(words.legal.fields.standShown, { date: '27. November 2026' }) }));
  });

  it('changes only the date in the front matter; the text below stays byte for byte', async () => {
    const before = data.read('legal/agb.md');
    const { form } = await open(AGB);
    form.fields.set('stand', '1.12.2026');
    const { status, html } = await send(AGB, form);
    expect(status).toBe(200);
    const after = data.read('legal/agb.md');
    expect(changedLines(before, after)).toEqual([['stand: "2026-11-27"', 'stand: "2026-12-01"']]);
    expect(textOf(html, `${id('stand')}-shown`)).toContain('1. Dezember 2026');
    // The withdrawal text's front matter is all comments but its two values: they stay.
    const withdrawal = data.read('legal/widerruf.md');
    const next = await open(`${LEGAL}/widerruf`);
    next.form.fields.set('stand', '2026-12-01');
    expect((await send(`${LEGAL}/widerruf`, next.form)).status).toBe(200);
    expect(changedLines(withdrawal, data.read('legal/widerruf.md'))).toEqual([['stand: "2026-11-27"', 'stand: "2026-12-01"']]);
  }, 90_000);

  it('lists the lawyer’s tick as "nein → ja" in the saved notice, never as false and true', async () => {
    const before = data.read('legal/widerruf.md');
    const { form } = await open(`${LEGAL}/widerruf`);
    expect(form.fields.get('lawyerConfirmed')).toBe('false');
    form.fields.set('lawyerConfirmed', 'true');
    const { status, html } = await send(`${LEGAL}/widerruf`, form);
    expect(status).toBe(200);
    expect(changedLines(before, data.read('legal/widerruf.md'))).toEqual([['lawyerConfirmed: false', 'lawyerConfirmed: true']]);
    const saved = textOf(html, 'gespeichert');
    expect(saved).toContain(`${words.legal.fields.lawyerConfirmed}: nein → ja`);
    expect(saved).not.toMatch(/\b(false|true)\b/);
  }, 60_000);

  it('refuses a day that is not in the calendar, in German at the field, and changes no byte', async () => {
    const before = data.read('legal/datenschutz.md');
    const { form } = await open(`${LEGAL}/datenschutz`);
    form.fields.set('stand', '31.11.2026');
    const { status, html } = await send(`${LEGAL}/datenschutz`, form);
    expect(status).toBe(422);
    expect(textOf(html, `${id('stand')}-problem`)).toBe(words.form.problems.date);
    expect(data.read('legal/datenschutz.md')).toBe(before);
  });
});

describe('hostile posts to the forms of data/site.yaml', () => {
  it('are answered below 500, and data/site.yaml always fits its schema afterwards (seeded, replayable)', async () => {
    const original = data.read('site.yaml');
    const odd = ['', ' ', 'null', 'false', '~', '+49', '+1 212 5550100', '0201 000 000 0', '00000000000', '0800 1234567', 'true', 'x', '2026-02-30', '<script>alert(1)</script>', '"', '\n\r', 'a'.repeat(5000), '{{hosting.address}}', 'javascript:alert(1)', 'https://', 'Mo–', '24:00', 'DE000000000', '- Liste', 'x: y'];
    const valid = ['0201 1234567', '0170 7654321', 'info@ihr-betrieb.de', 'https://g.page/r/abc/review', '45127', 'Mo–Sa', '07:30', 'Betriebsnummer 1', 'true', 'false', 'DE123456789'];
    let state = 20_261_128;
    const random = (n: number) => Math.floor(((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * n);
    const seen = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const path = random(2) === 0 ? CONTACT : LEGAL;
      const { form } = await open(path);
      const names = [...form.fields.keys()].filter((name) => name !== '_version');
      const posted: string[][] = [];
      for (let j = 0; j <= random(3); j++) {
        const name = random(12) === 0 ? ['phone.e164', 'address.latitude', '__proto__', 'hours.office.0.days', 'registration'][random(5)]! : names[random(names.length)]!;
        const value = random(6) === 0 ? valid[random(valid.length)]! : odd[random(odd.length)]!;
        form.fields.set(name, value);
        posted.push([name, value.slice(0, 40)]);
        if (random(6) === 0) form.checked.add(name);
      }
      const { status } = await send(path, form);
      seen.add(status);
      expect([200, 400, 409, 422], `case ${i}: ${path} ${JSON.stringify(posted)}`).toContain(status);
      expect(siteSchema.safeParse(parse(data.read('site.yaml'))).success, `case ${i}`).toBe(true);
    }
    // The seed reaches saves, refusals of a value and of a name, so the invariants were tried on each.
    expect([...seen].sort()).toEqual([200, 400, 422]);
    data.write('site.yaml', original);
  }, 300_000);
});
