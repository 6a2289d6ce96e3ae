// The console's Versprechen and Texte forms against the real server, a real SQLite file, the run's
// shared build and a copy of data/ (the server's DATA_DIR): a promise is confirmed with its box and
// unconfirmed again by leaving it empty, in data/claims.yaml's own line; each promise says where it
// appears and whether the real site's build would show it; a page text is changed in place (one
// line, a folded block stays folded); a text that drops a placeholder is refused in German beside
// its field with nothing written; every field of every text form comes back from the browser's
// form as the file's value; and the Nu Html Checker finds no error in the forms' pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { berlinDay } from '../../core/berlin-day.ts';
import { escapeMarkup } from '../../core/escape.ts';
import { formatGermanDate } from '../../core/format.ts';
import { fillSlots } from '../../core/slots.ts';
import type { RunningServer } from '../../server/index.ts';
import { checkServedPages, formatMessage } from '../../scripts/lib/vnu.ts';
import type { DataCopy } from '../support/data-copy.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { buildSite } from '../support/site-build.ts';

const PASSWORD = 'Versprechen-und-Texte-Essen-7';
const CLAIMS = '/intern/inhalte/versprechen';
const HOME_TEXTS = '/intern/inhalte/texte/startseite';
const LEGAL_TEXTS = '/intern/inhalte/texte/agb';

let owner: OwnerSite;
let data: DataCopy;
let server: RunningServer;
let cookie: string;
let words: ConsoleWords;
let page: OwnerSite['page'];

beforeAll(async () => {
  owner = await openOwnerSite('owner-claims-texts-', PASSWORD);
  ({ data, server, cookie, words, page } = owner);
}, 120_000);

afterAll(() => owner?.close());

async function send(path: string, fields: [string, string][]) {
  const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: answer.status, html: await answer.text() };
}

const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
const attribute = (tag: string, name: string) => {
  const value = new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decode(value);
};

/** The form's fields as a browser sends them, in document order: a textarea's first line break dropped and its breaks as CRLF, a box only when ticked. */
function formOf(html: string): [string, string][] {
  const form = html.slice(html.indexOf('<form class="console-form"'));
  const fields: [string, string][] = [];
  for (const match of form.matchAll(/<input [^>]*>|<textarea [^>]*>([\s\S]*?)<\/textarea>|<select [^>]*>([\s\S]*?)<\/select>/g)) {
    const [tag] = match;
    const name = attribute(tag, 'name');
    if (!name) continue;
    if (tag.startsWith('<textarea')) fields.push([name, decode(match[1]!).replace(/^\n/, '').replace(/\n/g, '\r\n')]);
    else if (tag.startsWith('<select')) fields.push([name, decode(/<option [^>]*value="([^"]*)"[^>]*selected=""/.exec(match[2]!)?.[1] ?? '')]);
    else if (attribute(tag, 'type') !== 'checkbox' || / checked=""/.test(tag)) fields.push([name, attribute(tag, 'value') ?? '']);
  }
  return fields;
}

const valueOf = (fields: [string, string][], name: string) => fields.filter(([field]) => field === name).at(-1)?.[1];
const withValue = (fields: [string, string][], name: string, value: string): [string, string][] => fields.map(([field, old]) => [field, field === name ? value : old]);

/** The text of the element with this id (which holds no element of its own kind), tags removed. */
function textOf(html: string, id: string): string {
  const match = new RegExp(`<([a-z]+) [^>]*id="${id}"[^>]*>`).exec(html);
  if (!match) return '';
  const rest = html.slice(match.index + match[0].length);
  return decode(rest.slice(0, rest.indexOf(`</${match[1]}>`)).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
}

/** The lines of `after` that differ from `before` (same number of lines), as [before, after]. */
function changedLines(before: string, after: string): [string, string][] {
  const [a, b] = [before.split('\n'), after.split('\n')];
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!] as [string, string]]));
}

const comments = (text: string) => text.split('\n').filter((line) => line.trim().startsWith('#'));

describe('Inhalte', () => {
  it('lists Versprechen and the Texte, and the Texte list every page with its address', async () => {
    const overview = await page('/intern/inhalte');
    expect(overview.html).toContain(`href="${CLAIMS}"`);
    expect(overview.html).toContain('href="/intern/inhalte/texte"');
    // The single text forms are listed on their own page, not here.
    expect(overview.html).not.toContain(`href="${HOME_TEXTS}"`);
    const texts = await page('/intern/inhalte/texte');
    expect(texts.status).toBe(200);
    expect(texts.html).toContain(`<a href="${HOME_TEXTS}">${escapeMarkup(fillSlots(words.texts.title, { page: 'Startseite', address: '/' }))}</a>`);
    expect(texts.html).toContain(escapeMarkup(fillSlots(words.texts.title, { page: 'Preise', address: '/preise' })));
    // 14 page text files, the 9 trust pages and the 4 legal texts.
    expect([...texts.html.matchAll(/href="\/intern\/inhalte\/texte\/[a-z-]+"/g)]).toHaveLength(27);
    expect(texts.html).toContain(`<a href="/intern/inhalte/texte/datenschutz">${escapeMarkup(fillSlots(words.texts.title, { page: words.texts.pages.datenschutz!.title, address: '/datenschutz' }))}</a>`);
    expect(texts.html).toContain(escapeMarkup(fillSlots(words.texts.title, { page: words.texts.trustPage, address: '/schonende-oeffnung' })));
  });
});

describe('the Versprechen form', () => {
  it('shows each promise with where it appears, whether the real site is built with it, and the basis said to be never shown', async () => {
    const { status, html } = await page(CLAIMS);
    expect(status).toBe(200);
    const fields = formOf(html);
    expect(valueOf(fields, 'damageFree.percent')).toBe('98');
    expect(valueOf(fields, 'damageFree.confirmed')).toBe('false');
    expect(valueOf(fields, 'moneyBack.exceptions.1')).toContain('{{price:mehrfachverriegelung}}');
    const group = html.slice(html.indexOf(`<legend>${words.claims.names.damageFree}</legend>`));
    const note = decode(/<p class="console-note">([^<]*)<\/p>/.exec(group)![1]!);
    expect(note.startsWith(words.claims.unconfirmedState)).toBe(true);
    expect(note).toContain('Startseite (/)');
    expect(note).toContain('Schonende Öffnung (/schonende-oeffnung)');
    // The founding year is said by the place pages' template, not by a placeholder.
    const founded = html.slice(html.indexOf(`<legend>${words.claims.names.founded}</legend>`));
    expect(decode(/<p class="console-note">([^<]*)<\/p>/.exec(founded)![1]!)).toContain('Ortsseiten');
    expect(html).toContain(escapeMarkup(words.claims.fields.basisNote));
  });

  it('confirms a promise with its box, changing only that line of data/claims.yaml, and unconfirms it when the box is left empty', async () => {
    const before = data.read('claims.yaml');
    const fields = formOf((await page(CLAIMS)).html);
    const at = fields.findIndex(([name]) => name === 'damageFree.confirmed');
    // The browser sends the hidden "false" and, the box ticked, its "true" after it.
    const ticked: [string, string][] = [...fields.slice(0, at + 1), ['damageFree.confirmed', 'true'], ...fields.slice(at + 1)];
    const saved = await send(CLAIMS, ticked);
    expect(saved.status).toBe(200);
    const after = data.read('claims.yaml');
    expect(changedLines(before, after)).toEqual([['  confirmed: false', '  confirmed: true']]);
    expect(after.indexOf('  confirmed: true')).toBeLessThan(after.indexOf('orders:'));
    expect(comments(after)).toEqual(comments(before));
    expect(textOf(saved.html, 'gespeichert')).toContain(`${words.claims.fields.confirmedNo} → ${words.claims.fields.confirmedYes}`);
    expect(saved.html).toMatch(/<input [^>]*id="feld-damageFree-confirmed"[^>]*checked=""/);
    const group = saved.html.slice(saved.html.indexOf(`<legend>${words.claims.names.damageFree}</legend>`));
    expect(decode(/<p class="console-note">([^<]*)<\/p>/.exec(group)![1]!).startsWith(words.claims.confirmedState)).toBe(true);
    // Sent again without the box: only the hidden "false" arrives.
    const unticked = await send(CLAIMS, formOf(saved.html).filter(([name, value]) => !(name === 'damageFree.confirmed' && value === 'true')));
    expect(unticked.status).toBe(200);
    expect(data.read('claims.yaml')).toBe(before);
  }, 120_000);

  it('refuses to save over a claims.yaml changed since the form was opened, showing the box in words and only what differs', async () => {
    const before = data.read('claims.yaml');
    const fields = formOf((await page(CLAIMS)).html);
    const at = fields.findIndex(([name]) => name === 'insured.confirmed');
    data.write('claims.yaml', before.replace('Betriebshaftpflichtversichert', 'Haftpflichtversichert für jeden Einsatz'));
    const changed = data.read('claims.yaml');
    const { status, html } = await send(CLAIMS, [...fields.slice(0, at + 1), ['insured.confirmed', 'true'], ...fields.slice(at + 1)]);
    expect(status).toBe(409);
    expect(data.read('claims.yaml')).toBe(changed);
    const rows = [...html.matchAll(/<tr><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map((match) => [match[1], decode(match[2]!), decode(match[3]!)]);
    // The box as the owner reads it, and the developer's text; no textarea merely sent back with CRLF.
    expect(rows).toEqual([
      [words.claims.fields.text, 'Betriebshaftpflichtversichert', 'Haftpflichtversichert für jeden Einsatz'],
      [words.claims.fields.confirmed, words.claims.fields.confirmedYes, words.claims.fields.confirmedNo],
    ]);
    data.write('claims.yaml', before);
  }, 120_000);

  it("records the basis of a promise that had none as the promise's last line, and nothing else", async () => {
    const before = data.read('claims.yaml');
    const fields = formOf((await page(CLAIMS)).html);
    expect(valueOf(fields, 'available.basis')).toBe('');
    const { status, html } = await send(CLAIMS, withValue(fields, 'available.basis', 'Rufumleitung auf das Bereitschaftshandy, Dienstplan'));
    expect(status, textOf(html, 'probleme')).toBe(200);
    const after = data.read('claims.yaml');
    const start = before.indexOf('\navailable:');
    const end = before.indexOf('\n', before.indexOf('  confirmed: false', start));
    expect(after).toBe(`${before.slice(0, end)}\n  basis: Rufumleitung auf das Bereitschaftshandy, Dienstplan${before.slice(end)}`);
    expect(valueOf(formOf(html), 'available.basis')).toBe('Rufumleitung auf das Bereitschaftshandy, Dienstplan');
    data.write('claims.yaml', before);
  }, 120_000);

  it('refuses a figure the file cannot take and a promise text without its number, in German beside the field, and writes nothing', async () => {
    const before = data.read('claims.yaml');
    let fields = formOf((await page(CLAIMS)).html);
    fields = withValue(fields, 'damageFree.percent', '120');
    fields = withValue(fields, 'damageFree.text', '98 % unserer Türöffnungen gelingen ohne Schaden');
    const { status, html } = await send(CLAIMS, fields);
    expect(status).toBe(422);
    expect(data.read('claims.yaml')).toBe(before);
    expect(textOf(html, 'feld-damageFree-text-problem')).toBe(fillSlots(words.form.problems.slotsDropped, { slots: '{{claims.damageFree.percent}}' }));
    // The list at the top names the promise: every promise has a field of this label.
    expect(textOf(html, 'probleme')).toContain(`${words.claims.names.damageFree} – ${words.claims.fields.text}`);
    expect(valueOf(formOf(html), 'damageFree.text')).toBe('98 % unserer Türöffnungen gelingen ohne Schaden');
    // With the text fixed, the schema's limit speaks.
    const again = await send(CLAIMS, withValue(formOf(html), 'damageFree.text', valueOf(fields, 'damageFree.text')!.replace('98 %', '{{claims.damageFree.percent}} %')));
    expect(again.status).toBe(422);
    expect(textOf(again.html, 'feld-damageFree-percent-problem')).toBe(fillSlots(words.form.problems.atMost, { max: 100 }));
    expect(data.read('claims.yaml')).toBe(before);
  }, 120_000);
});

describe('the Texte forms', () => {
  it('change a text of the home page in place: one line, and a folded text stays folded', async () => {
    const before = data.read('home.yaml');
    let fields = formOf((await page(HOME_TEXTS)).html);
    fields = withValue(fields, 'hero.heading', 'Ausgesperrt? Wir öffnen Ihre Tür – schnell und schonend.');
    const lead = valueOf(fields, 'hero.lead')!;
    fields = withValue(fields, 'hero.lead', lead.replace('. ', '. Wirklich: '));
    const { status, html } = await send(HOME_TEXTS, fields);
    expect(status, textOf(html, 'probleme')).toBe(200);
    const after = data.read('home.yaml');
    expect(comments(after)).toEqual(comments(before));
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed[0]).toBe('  heading: Ausgesperrt? Wir öffnen Ihre Tür – schnell und schonend.');
    expect(after).toContain('  lead: >-\n    ');
    expect((parse(after) as { hero: { lead: string } }).hero.lead).toBe(lead.replace(/\r\n/g, '\n').replace('. ', '. Wirklich: '));
    // Everything after the hero is as it was.
    expect(after.slice(after.indexOf('\ntrust:'))).toBe(before.slice(before.indexOf('\ntrust:')));
    expect(textOf(html, 'gespeichert')).toContain('Kopfbereich › Überschrift');
  }, 120_000);

  it("group the services' texts by page: the overview under /leistungen, each service under its name and address; a service's text saves in place", async () => {
    const path = '/intern/inhalte/texte/leistungen';
    const services = (parse(data.read('services.yaml')) as { services: { slug: string; title: string; intro: string }[] }).services;
    const { html } = await page(path);
    // Each group: its heading, and the names of its fields.
    const groups = [...html.matchAll(/<fieldset[^>]*><legend>([^<]*)<\/legend>([\s\S]*?)<\/fieldset>/g)].map((match) => ({ title: decode(match[1]!), names: [...match[2]!.matchAll(/ name="([^"]+)"/g)].map((name) => name[1]!) }));
    const group = (title: string) => groups.find((candidate) => candidate.title === title);
    expect(group(fillSlots(words.texts.pageGroup, { page: words.texts.pages.leistungen!.title, address: '/leistungen' }))?.names).toEqual(expect.arrayContaining(['overview.heading', 'overview.seo.title']));
    expect(groups.some((candidate) => candidate.title.startsWith('Nr.'))).toBe(false);
    services.forEach((service, index) => {
      const names = group(fillSlots(words.texts.pageGroup, { page: service.title, address: `/leistungen/${service.slug}` }))?.names ?? [];
      expect(names, service.slug).toEqual(expect.arrayContaining([`services.${index}.title`, `services.${index}.intro`, `services.${index}.seo.title`]));
      expect(names.every((name) => name.startsWith(`services.${index}.`)), service.slug).toBe(true);
    });
    // Every field of the form is in one of these groups (and the words every service page shares).
    expect(groups.length).toBe(services.length + 2);
    const before = data.read('services.yaml');
    const second = services[1]!;
    const fields = formOf(html);
    const intro = valueOf(fields, 'services.1.intro')!;
    const saved = await send(path, withValue(fields, 'services.1.intro', intro.replace('. ', '. Ehrlich: ')));
    expect(saved.status, textOf(saved.html, 'probleme')).toBe(200);
    expect(textOf(saved.html, 'gespeichert')).toContain(`${second.title} › ${words.texts.keys.intro}`);
    expect((parse(data.read('services.yaml')) as { services: { intro: string }[] }).services[1]!.intro).toBe(second.intro.replace('. ', '. Ehrlich: '));
    expect(comments(data.read('services.yaml'))).toEqual(comments(before));
  }, 120_000);

  it('refuses a text that drops a placeholder, in German beside its field, keeps what was typed and changes no byte', async () => {
    const before = data.read('home.yaml');
    const fields = formOf((await page(HOME_TEXTS)).html);
    const [name, text] = fields.find(([, value]) => value.includes('{{price:'))!;
    const typed = text.replace(/\{\{price:[^}]+\}\}/, '69 €');
    const { status, html } = await send(HOME_TEXTS, withValue(fields, name, typed));
    expect(status).toBe(422);
    expect(data.read('home.yaml')).toBe(before);
    const id = `feld-${name.replace(/[^a-zA-Z0-9-]/g, '-')}`;
    expect(textOf(html, `${id}-problem`)).toBe(fillSlots(words.form.problems.slotsDropped, { slots: /\{\{price:[^}]+\}\}/.exec(text)![0] }));
    expect(html).toMatch(new RegExp(`id="${id}"[^>]*aria-invalid="true"`));
    expect(valueOf(formOf(html), name)).toBe(typed);
    expect(textOf(html, 'probleme')).toContain(words.form.problemsTitle);
  });

  it("change a trust page's Markdown body in place, keeping its front matter and every other line", async () => {
    const path = '/intern/inhalte/texte/schonende-oeffnung';
    const before = data.read('trust/schonende-oeffnung.md');
    const fields = formOf((await page(path)).html);
    const body = valueOf(fields, 'body')!;
    expect(body).toContain('{{claims.damageFree.text}}');
    const heading = /^## .*$/m.exec(body.replace(/\r\n/g, '\n'))![0];
    const { status, html } = await send(path, withValue(fields, 'body', body.replace(heading, `${heading} – neu`)));
    expect(status, textOf(html, 'probleme')).toBe(200);
    expect(changedLines(before, data.read('trust/schonende-oeffnung.md'))).toEqual([[heading, `${heading} – neu`]]);
    // A body without its placeholder is refused, and nothing is written.
    const saved = data.read('trust/schonende-oeffnung.md');
    const refused = await send(path, withValue(formOf(html), 'body', valueOf(formOf(html), 'body')!.replaceAll('{{claims.damageFree.text}}', 'Fast alle Türen öffnen wir ohne Schaden')));
    expect(refused.status).toBe(422);
    expect(textOf(refused.html, 'feld-body-problem')).toBe(fillSlots(words.form.problems.slotsDropped, { slots: '{{claims.damageFree.text}}' }));
    expect(data.read('trust/schonende-oeffnung.md')).toBe(saved);
  }, 120_000);

  it('take back every field of every page as the browser sends it: nothing changed, nothing written', async () => {
    const texts = await page('/intern/inhalte/texte');
    const paths = [...texts.html.matchAll(/href="(\/intern\/inhalte\/texte\/[a-z-]+)"/g)].map((match) => match[1]!);
    expect(paths).toHaveLength(27);
    for (const path of paths) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const fields = formOf(html);
      // A legal text has its titles, its body and its date.
      expect(fields.length, path).toBeGreaterThan(/\/(impressum|datenschutz|agb|widerruf)$/.test(path) ? 2 : 10);
      const answer = await send(path, fields);
      expect(answer.status, path).toBe(200);
      expect(answer.html, path).toContain(escapeMarkup(words.form.unchanged));
    }
  }, 120_000);
});

describe('the legal texts in the Texte', () => {
  it('warn that a legal text changes only after legal advice and explain the placeholders; a new paragraph is built into /agb with its placeholder filled, and the date set to today', async () => {
    const form = await page(LEGAL_TEXTS);
    expect(form.status).toBe(200);
    expect(form.html).toContain(escapeMarkup(words.texts.legalIntro));
    expect(form.html).toContain(escapeMarkup(fillSlots(words.texts.legalPlaceholders, { example: '{{legalName}}', ifStart: '{{#if …}}', ifEnd: '{{/if}}' })));
    // The owner's own date is kept as typed when only the date changes.
    let fields = formOf(form.html);
    const dated = await send(LEGAL_TEXTS, withValue(fields, 'stand', '02.01.2020'));
    expect(dated.status, textOf(dated.html, 'probleme')).toBe(200);
    expect(data.read('legal/agb.md')).toContain('stand: "2020-01-02"');
    expect(textOf(dated.html, 'gespeichert')).not.toContain(words.texts.standSet.split('{date}')[0]!);
    // A changed body with the old date: the date becomes today's (Berlin), and the notice says so.
    const before = data.read('legal/agb.md');
    fields = formOf(dated.html);
    const body = valueOf(fields, 'body')!;
    const paragraph = 'Neu gefasst: Ihr Vertragspartner ist {{legalName}}.';
    const dayBefore = berlinDay(Date.now());
    const saved = await send(LEGAL_TEXTS, withValue(fields, 'body', body.replace('## § 1 Geltungsbereich\r\n\r\n', `## § 1 Geltungsbereich\r\n\r\n${paragraph}\r\n\r\n`)));
    const today = [dayBefore, berlinDay(Date.now())];
    expect(saved.status, textOf(saved.html, 'probleme')).toBe(200);
    const after = data.read('legal/agb.md');
    const stand = /^stand: "([\d-]+)"$/m.exec(after)![1]!;
    expect(today).toContain(stand);
    expect(textOf(saved.html, 'gespeichert')).toContain(fillSlots(words.texts.standSet, { date: formatGermanDate(stand) }));
    // Only the date's line and the new paragraph changed; the front matter's comments stay.
    expect(after.split('\n').filter((line) => !before.split('\n').includes(line))).toEqual([`stand: "${stand}"`, paragraph]);
    expect(comments(after.slice(0, after.indexOf('\n---\n')))).toEqual(comments(before.slice(0, before.indexOf('\n---\n'))));
    // The site built from it shows the paragraph with the business's legal name, and the new date.
    const legalName = (parse(data.read('site.yaml')) as { legalName: string }).legalName;
    const site = await buildSite({ dataDir: data.dir });
    try {
      const agb = decode(site.read('agb/index.html'));
      expect(agb).toContain(`Neu gefasst: Ihr Vertragspartner ist ${legalName}.`);
      expect(agb).not.toContain('{{legalName}}');
      expect(agb).toMatch(new RegExp(`<time [^>]*="${stand}">${formatGermanDate(stand)}</time>`));
    } finally {
      site.remove();
    }
  }, 400_000);
});

describe('the HTML of the forms', () => {
  it('has no error in the Nu Html Checker: Versprechen, the Texte overview, a page text form, the services by page, a trust page form, a legal text form, and a refused save', async () => {
    const fields = formOf((await page(HOME_TEXTS)).html);
    const [name, text] = fields.find(([, value]) => value.includes('{{price:'))!;
    const headers = { Cookie: cookie };
    const results = await checkServedPages([
      ...[CLAIMS, '/intern/inhalte/texte', HOME_TEXTS, '/intern/inhalte/texte/schonende-oeffnung', '/intern/inhalte/texte/leistungen', LEGAL_TEXTS].map((path) => ({ name: path, url: `${server.url}${path}`, init: { headers } })),
      {
        name: 'refused',
        url: `${server.url}${HOME_TEXTS}`,
        status: 422,
        init: { method: 'POST', headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams(withValue(fields, name, text.replace(/\{\{price:[^}]+\}\}/, '69 €'))) },
      },
      // A known error in the same run: proves the checker's findings reach this test at all.
      { name: 'control', url: `data:text/html,${encodeURIComponent('<!doctype html><html lang="de"><title>x</title><p><div></p>')}` },
    ]);
    expect(results.pop()!.errors).toBeGreaterThan(0);
    expect(results.filter((result) => result.problem).map((result) => result.problem)).toEqual([]);
    expect(results.flatMap((result) => result.messages.filter((message) => message.type === 'error').map((message) => `${result.name}: ${formatMessage(message)}`))).toEqual([]);
  }, 120_000);
});
