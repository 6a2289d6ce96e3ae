// The console's Orte form against the real server, a real SQLite file, the run's shared build and a
// copy of data/ (the server's DATA_DIR): a town's arrival time changes only its line in its
// data/places/ file and keeps every comment; a fact without a source is refused in German and no
// byte changes; a new town with a district passes the build's own checks and lands after the last
// town in the file's style; a district is removed only after a page of its own that names its page,
// with its comment lines; a file changed since the form was opened is refused with both versions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { placeIndexSchema, routeManifestSchema, serverFile } from '../../core/build-server-contract.ts';
import { OWN_DESCRIPTION_WORDS } from '../../core/schema/places.ts';
import { fillSlots } from '../../core/slots.ts';
import type { RunningServer } from '../../server/index.ts';
import type { DataCopy } from '../support/data-copy.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { buildSite } from '../support/site-build.ts';
import { sessionHint } from '../../server/owner/sessions.ts';

const PASSWORD = 'Orte-Formular-Essen-42';
const PLACES = '/intern/inhalte/orte';

let owner: OwnerSite;
let data: DataCopy;
let server: RunningServer;
let cookie: string;
let words: ConsoleWords;
let log: string[];
let page: OwnerSite['page'];

beforeAll(async () => {
  owner = await openOwnerSite('owner-places-', PASSWORD);
  ({ data, server, cookie, words, log, page } = owner);
}, 120_000);

afterAll(() => owner?.close());

async function send(path: string, fields: Map<string, string>) {
  const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams([...fields]), redirect: 'manual' });
  return { status: answer.status, html: await answer.text() };
}

const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The fields of the page's form that posts to `action`, as a browser would send them. */
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

/** The lines of `after` that differ from `before` (removed, added), in order. */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  return { removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

const NORTH_EAST = 'places/ruhrgebiet-nord-ost.yaml';

describe('the Orte form', () => {
  it('lists every town under Inhalte and shows a town with its postcodes read-only and whether search engines find its pages', async () => {
    expect((await page('/intern/inhalte')).html).toContain(`href="${PLACES}"`);
    const list = await page(PLACES);
    expect(list.status).toBe(200);
    for (const town of ['Essen', 'Bottrop', 'Düsseldorf']) expect(list.html).toContain(`>${town}</a>`);
    // The towns in alphabetical order, as a German reader sorts them (Ü beside U, not after Z).
    const names = [...list.html.matchAll(/<a href="\/intern\/inhalte\/orte\/[a-z0-9-]+">([^<]+)<\/a>/g)].map((match) => decode(match[1]!));
    expect(names.length).toBeGreaterThan(20);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(names.indexOf('Düsseldorf')).toBeLessThan(names.indexOf('Essen'));
    const { status, html } = await page(`${PLACES}/essen`);
    expect(status).toBe(200);
    const form = formOf(html, `${PLACES}/essen`);
    expect(form.get('towns.essen.arrivalTime')).toBe('15–25');
    // The long town form has its "Speichern" at the top too, in the same form.
    const inForm = new RegExp(`<form [^>]*action="${PLACES}/essen"[^>]*>(.*?)</form>`, 's').exec(html)?.[1] ?? '';
    expect([...inForm.matchAll(/<button [^>]*type="submit"[^>]*>([^<]*)<\/button>/g)].map((match) => match[1])).toEqual([words.form.save, words.form.save]);
    expect(inForm.indexOf('<button')).toBeLessThan(inForm.indexOf('<fieldset'));
    expect(form.get('towns.essen.districts.ruettenscheid.name')).toBe('Rüttenscheid');
    expect(form.get('towns.essen.sources')).toContain('\n');
    // Postcodes come from data/postcodes.csv and are no field of the form.
    expect(textOf(html, 'postleitzahlen')).toContain('45127');
    expect([...form.keys()].some((name) => name.includes('postcode'))).toBe(false);
    expect(textOf(html, 'ort-huttrop')).toContain('/schluesseldienst/huttrop');
  });

  it('shows, beside each place, whether search engines find its page as the build of the served site decided, and why not', async () => {
    const site = await buildSite();
    const { pages, maxSimilarity } = placeIndexSchema.parse(JSON.parse(site.read(serverFile('placeIndex'))));
    const max = Math.round(maxSimilarity * 100);
    const html = (await page(`${PLACES}/essen`)).html;
    // Essen's page is indexed; the form names the most similar other place page and how similar it is.
    const essen = pages['/schluesseldienst/essen']!;
    expect(essen.indexable).toBe(true);
    expect(textOf(html, 'suchmaschinen')).toBe(`${words.places.indexing.found} ${fillSlots(words.places.indexing.closest, { other: essen.other!, percent: Math.round(essen.similarity! * 100), max })}`);
    // Rüttenscheid has a description of its own long enough by the data's rule, yet the build found
    // its page too like another: the form says so with the figures, not the rule's expectation.
    const ruettenscheid = pages['/schluesseldienst/ruettenscheid']!;
    expect(ruettenscheid).toMatchObject({ indexable: false, reason: 'similar' });
    const district = textOf(html, 'ort-ruettenscheid');
    expect(district).toContain(fillSlots(words.places.indexing.similar, { other: ruettenscheid.other!, percent: Math.round(ruettenscheid.similarity! * 100), max }));
    expect(district).not.toContain(words.places.indexing.district);
    // A district without a description of its own.
    expect(pages['/schluesseldienst/huttrop']).toMatchObject({ indexable: false, reason: 'noDescription' });
    expect(textOf(html, 'ort-huttrop')).toContain(words.places.indexing.noDescription);
    expect(html).not.toContain(fillSlots(words.places.indexing.expected, { text: '' }).trim());
    // The list counts Essen's district pages by the same verdicts and names the ones too similar.
    const list = (await page(PLACES)).html;
    // Essen's district pages as the build listed them: "Rüttenscheid (Essen)".
    const districtPages = routeManifestSchema
      .parse(JSON.parse(site.read(serverFile('routes'))))
      .filter((route) => route.template === 'district' && route.name?.endsWith(' (Essen)'))
      .map((route) => ({ name: route.name!.replace(' (Essen)', ''), verdict: pages[route.path]! }));
    const found = districtPages.filter(({ verdict }) => verdict.indexable).length;
    const item = list.slice(list.indexOf('>Essen</a>'), list.indexOf('</li>', list.indexOf('>Essen</a>')));
    expect(item).toContain(fillSlots(words.places.list.found, { found, count: districtPages.length }));
    const similar = districtPages.filter(({ verdict }) => verdict.reason === 'similar').map(({ name }) => name);
    expect(similar).toContain('Rüttenscheid');
    expect(item).toContain(fillSlots(words.places.list.reasons.similar, { count: similar.length, names: similar.join(', ') }));
  });

  it('saves a new arrival time into the town\'s file, changing only its line, and keeps every comment', async () => {
    const before = data.read(NORTH_EAST);
    const form = formOf((await page(`${PLACES}/bottrop`)).html, `${PLACES}/bottrop`);
    expect(form.get('towns.bottrop.arrivalTime')).toBe('20–30');
    form.set('towns.bottrop.arrivalTime', '25-35');
    const { status, html } = await send(`${PLACES}/bottrop`, form);
    expect(status).toBe(200);
    const after = data.read(NORTH_EAST);
    expect(changedLines(before, after)).toEqual({ removed: ['    arrivalTime: "20–30 Min."'], added: ['    arrivalTime: "25–35 Min."'] });
    expect(after.split('\n').filter((line) => line.includes('#'))).toEqual(before.split('\n').filter((line) => line.includes('#')));
    expect(textOf(html, 'hinweis')).toContain(fillSlots(words.form.change, { label: words.places.fields.arrivalTime, before: '20–30 Min.', after: '25–35 Min.' }));
    // The notice names the town and the form, not the file it is saved in.
    expect(textOf(html, 'hinweis')).toContain('Gespeichert: Bottrop (Orte):');
    expect(textOf(html, 'hinweis')).not.toContain('data/');
    // The way on: to the preview, where the saved change is published.
    expect(html).toMatch(new RegExp(`<a href="/intern/vorschau">${words.publish.toPreview}</a>`));
    expect(formOf(html, `${PLACES}/bottrop`).get('towns.bottrop.arrivalTime')).toBe('25–35');
    expect(log.some((line) => line.includes(`data/${NORTH_EAST} saved`) && line.includes('towns.bottrop.arrivalTime'))).toBe(true);
  }, 60_000);

  it('refuses facts without a source in German next to the sources, keeps what was typed and changes no byte', async () => {
    const before = data.read(NORTH_EAST);
    const form = formOf((await page(`${PLACES}/gladbeck`)).html, `${PLACES}/gladbeck`);
    form.set('towns.gladbeck.facts', 'Gladbeck hat einen neuen Aussichtsturm auf der Halde.');
    form.set('towns.gladbeck.sources', '  \n ');
    const { status, html } = await send(`${PLACES}/gladbeck`, form);
    expect(status).toBe(422);
    expect(data.read(NORTH_EAST)).toBe(before);
    expect(textOf(html, 'feld-towns-gladbeck-sources-problem')).toBe(words.places.problems.noSource);
    expect(textOf(html, 'probleme')).toContain(words.places.problems.noSource);
    expect(formOf(html, `${PLACES}/gladbeck`).get('towns.gladbeck.facts')).toBe('Gladbeck hat einen neuen Aussichtsturm auf der Halde.');
    // A district's own description without its sources, too.
    const essen = formOf((await page(`${PLACES}/essen`)).html, `${PLACES}/essen`);
    essen.set('towns.essen.districts.ruettenscheid.sources', '');
    const district = await send(`${PLACES}/essen`, essen);
    expect(district.status).toBe(422);
    expect(textOf(district.html, 'feld-towns-essen-districts-ruettenscheid-sources-problem')).toBe(words.places.problems.noSource);
  });

  it('gives a district without one its own description with sources, written as a map in its place, and its page may then be found', async () => {
    const file = 'places/ruhrgebiet.yaml';
    const before = data.read(file);
    const form = formOf((await page(`${PLACES}/essen`)).html, `${PLACES}/essen`);
    expect(form.get('towns.essen.districts.huttrop.description')).toBe('');
    form.set('towns.essen.districts.huttrop.description', 'Text ohne Quelle.');
    const unsourced = await send(`${PLACES}/essen`, form);
    expect(unsourced.status).toBe(422);
    expect(textOf(unsourced.html, 'feld-towns-essen-districts-huttrop-sources-problem')).toBe(words.places.problems.noSource);
    expect(data.read(file)).toBe(before);
    const description = Array.from({ length: 10 }, (_, i) => `Huttrop liegt östlich der Essener Innenstadt, und dieser Satz ist Teil ${i + 1} seiner Beschreibung.`).join(' ');
    form.set('towns.essen.districts.huttrop.description', description);
    form.set('towns.essen.districts.huttrop.sources', 'Wikipedia: Huttrop');
    const { status, html } = await send(`${PLACES}/essen`, form);
    expect(status, textOf(html, 'probleme')).toBe(200);
    const { removed, added } = changedLines(before, data.read(file));
    expect(removed).toEqual(['      - Huttrop']);
    expect(added[0]).toBe('      - name: Huttrop');
    expect(added[1]).toBe('        description: >-');
    expect(added.at(-1)).toBe('        sources: ["Wikipedia: Huttrop"]');
    // The served site still has no description for Huttrop; once published, its page is expected to be found.
    expect(textOf(html, 'ort-huttrop')).toContain(words.places.indexing.noDescription);
    expect(textOf(html, 'ort-huttrop')).toContain(fillSlots(words.places.indexing.changed, { text: words.places.indexing.district }));
  }, 60_000);

  it('refuses a description too short for a town page and an arrival time typed into a text, each in German at its field', async () => {
    const form = formOf((await page(`${PLACES}/gladbeck`)).html, `${PLACES}/gladbeck`);
    form.set('towns.gladbeck.description', 'Zu kurz.');
    form.set('towns.gladbeck.facts', 'Wir sind in 20-30 Minuten da.');
    form.set('towns.gladbeck.arrivalTime', 'schnell');
    const { status, html } = await send(`${PLACES}/gladbeck`, form);
    expect(status).toBe(422);
    expect(textOf(html, 'feld-towns-gladbeck-description-problem')).toBe(fillSlots(words.places.problems.short, { count: 2, min: OWN_DESCRIPTION_WORDS }));
    expect(textOf(html, 'feld-towns-gladbeck-facts-problem')).toBe(words.places.problems.arrivalInText);
    expect(textOf(html, 'feld-towns-gladbeck-arrivalTime-problem')).toBe(words.places.problems.arrival);
  });

  it('adds a town with a district after the last town of a file of its region; the build\'s checks accept it', async () => {
    const before = data.read(NORTH_EAST);
    const form = formOf((await page(`${PLACES}/neu`)).html, `${PLACES}/neu`);
    const description = Array.from({ length: 9 }, (_, i) => `Schermbeck liegt am Rand des Naturparks Hohe Mark, Absatz ${['eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'][i]}.`).join(' ');
    const typed: Record<string, string> = { name: 'Schermbeck', region: 'Ruhrgebiet Nord', arrivalTime: '30–40', population: '13.000', description, facts: 'Schermbeck gehört zum Kreis Wesel.', sources: 'Wikipedia: Schermbeck', districts: 'Gahlen\nDamm' };
    for (const [key, value] of Object.entries(typed)) form.set(`towns.+.${key}`, value);
    const { status, html } = await send(`${PLACES}/neu`, form);
    expect(status, textOf(html, 'probleme') || textOf(html, 'hinweis')).toBe(201);
    expect(textOf(html, 'hinweis')).toContain(fillSlots(words.places.added, { name: 'Schermbeck', path: '/schluesseldienst/schermbeck' }));
    const after = data.read(NORTH_EAST);
    // The file as it was, then a blank line and the town, as the file sets its towns apart.
    expect(after.startsWith(`${before}\n  - name: Schermbeck\n    region: Ruhrgebiet Nord\n    arrivalTime: "30–40 Min."\n    population: 13000\n    description: >-\n`)).toBe(true);
    expect(after.endsWith('    districts:\n      - Gahlen\n      - Damm\n')).toBe(true);
    expect(parse(data.read(NORTH_EAST)).towns.at(-1)).toMatchObject({ name: 'Schermbeck', sources: ['Wikipedia: Schermbeck'], districts: ['Gahlen', 'Damm'] });
    // The new town's page in the console: its postcodes from the CSV.
    expect(textOf((await page(`${PLACES}/schermbeck`)).html, 'postleitzahlen')).toContain('46514');
  }, 60_000);

  it('asks for a new town\'s region without choosing one, and refuses the town in German until one is chosen, keeping what was typed', async () => {
    const { html } = await page(`${PLACES}/neu`);
    const select = /<select [^>]*name="towns\.\+\.region"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? '';
    expect(/<option [^>]*>([^<]*)<\/option>/.exec(select)?.[1]).toBe('Bitte wählen');
    expect(select).toContain('<option value="" selected="">Bitte wählen</option>');
    const form = formOf(html, `${PLACES}/neu`);
    expect(form.get('towns.+.region')).toBe('');
    const before = data.read(NORTH_EAST);
    const typed: Record<string, string> = { name: 'Hünxe', arrivalTime: '30–40', description: 'Hünxe liegt am Rand des Naturparks Hohe Mark.', facts: '', sources: '', districts: 'Bruckhausen' };
    for (const [key, value] of Object.entries(typed)) form.set(`towns.+.${key}`, value);
    const refused = await send(`${PLACES}/neu`, form);
    expect(refused.status).toBe(422);
    expect(textOf(refused.html, 'feld-towns---region-problem')).toBe(words.form.problems.choice);
    const kept = formOf(refused.html, `${PLACES}/neu`);
    expect(kept.get('towns.+.name')).toBe('Hünxe');
    expect(kept.get('towns.+.districts')).toBe('Bruckhausen');
    expect(kept.get('towns.+.region')).toBe('');
    expect(data.read(NORTH_EAST)).toBe(before);
  });

  it('refuses a new town whose name data/postcodes.csv does not know, or that is listed already', async () => {
    const form = formOf((await page(`${PLACES}/neu`)).html, `${PLACES}/neu`);
    form.set('towns.+.name', 'Entenhausen');
    const { status, html } = await send(`${PLACES}/neu`, form);
    expect(status).toBe(422);
    expect(textOf(html, 'feld-towns---name-problem')).toBe(fillSlots(words.places.problems.notInPostcodes, { name: 'Entenhausen' }));
    form.set('towns.+.name', 'Bottrop');
    expect(textOf((await send(`${PLACES}/neu`, form)).html, 'feld-towns---name-problem')).toBe(fillSlots(words.places.problems.taken, { name: 'Bottrop', path: '/schluesseldienst/bottrop' }));
  });

  it('removes a district only after a page of its own that names its page, with its comment lines', async () => {
    const file = 'places/rheinland-niederrhein.yaml';
    const before = data.read(file);
    const confirm = await page(`${PLACES}/wuelfrath/aprath/entfernen`);
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.html, 'entfernt')).toBe(fillSlots(words.places.removeDistrict, { path: '/schluesseldienst/aprath' }));
    expect(data.read(file)).toBe(before);
    const { status, html } = await send(`${PLACES}/wuelfrath/aprath/entfernen`, formOf(confirm.html, `${PLACES}/wuelfrath/aprath/entfernen`));
    expect(status).toBe(200);
    expect(html).toContain(fillSlots(words.places.removed, { name: 'Aprath' }));
    expect(changedLines(before, data.read(file)).removed).toEqual(['      # Not one of the five Stadtteile besides the centre (Wikipedia: Wülfrath), an Ortsteil.', '      - { name: Aprath, word: Ortsteil }']);
    expect(changedLines(before, data.read(file)).added).toEqual([]);
  }, 60_000);

  it('refuses in German to remove a district while a text of its town states their number, and changes no byte', async () => {
    const file = 'places/rheinland-niederrhein.yaml';
    const before = data.read(file);
    const confirm = await page(`${PLACES}/duesseldorf/hellerhof/entfernen`);
    const { status, html } = await send(`${PLACES}/duesseldorf/hellerhof/entfernen`, formOf(confirm.html, `${PLACES}/duesseldorf/hellerhof/entfernen`));
    expect(status).toBe(422);
    expect(textOf(html, 'hinweis')).toContain(fillSlots(words.places.problems.count, { phrase: '50 Stadtteilen', listed: 49, word: 'Stadtteil' }));
    expect(data.read(file)).toBe(before);
  });

  it('adds a district to a town after its last one, and refuses a name the town lists already', async () => {
    const before = data.read(NORTH_EAST);
    const html = (await page(`${PLACES}/gladbeck`)).html;
    const form = formOf(html, `${PLACES}/gladbeck/stadtteil`);
    form.set('towns.gladbeck.districts.+', 'Brauck');
    const twice = await send(`${PLACES}/gladbeck/stadtteil`, form);
    expect(twice.status).toBe(422);
    expect(textOf(twice.html, 'feld-towns-gladbeck-districts---problem')).toBe(fillSlots(words.places.problems.twice, { name: 'Brauck' }));
    expect(data.read(NORTH_EAST)).toBe(before);
    form.set('towns.gladbeck.districts.+', 'Bülse');
    const { status, html: saved } = await send(`${PLACES}/gladbeck/stadtteil`, form);
    expect(status).toBe(200);
    expect(textOf(saved, 'hinweis')).toContain(fillSlots(words.places.districtAdded, { name: 'Bülse', path: '/schluesseldienst/buelse' }));
    expect(textOf(saved, 'hinweis')).toContain(words.publish.toPreview);
    expect(changedLines(before, data.read(NORTH_EAST))).toEqual({ removed: [], added: ['      - Bülse'] });
    // Not published yet: the served site has no verdict on its page, so the form says what to expect.
    expect(textOf(saved, 'ort-buelse')).toContain(fillSlots(words.places.indexing.expected, { text: words.places.indexing.noDescription }));
  }, 60_000);

  it('removes a town after a page that names its page and its districts\' pages and what the old address shows then', async () => {
    const before = data.read(NORTH_EAST);
    const districts = (parse(before).towns as { name: string; districts: unknown[] }[]).find((town) => town.name === 'Haltern am See')!.districts.length;
    const confirm = await page(`${PLACES}/haltern-am-see/entfernen`);
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.html, 'entfernt')).toBe(fillSlots(words.places.removeTown, { path: '/schluesseldienst/haltern-am-see', count: districts }));
    // Haltern am See is a place name of data/postcodes.csv: its address shows the page of an unknown place
    // then; its districts are not, their pages answer 404 (docs/decisions.md). Each said once, and once that nothing redirects.
    const note = /<p class="console-note">(.*?)<\/p>/s.exec(confirm.html)?.[1] ?? '';
    expect(decode(note)).toBe(
      'Wer danach /schluesseldienst/haltern-am-see aufruft, sieht die allgemeine Seite für Orte ohne eigene Seite, ohne Anfahrtszeit und ohne dass Suchmaschinen sie aufnehmen. ' +
        'Wer danach die Seiten der Stadt- und Ortsteile aufruft, erhält die Meldung „Seite nicht gefunden“. Auf eine andere Seite weitergeleitet wird niemand.',
    );
    expect(confirm.html.match(/weitergeleitet|Weiterleitung/g)).toHaveLength(1);
    const { status, html } = await send(`${PLACES}/haltern-am-see/entfernen`, formOf(confirm.html, `${PLACES}/haltern-am-see/entfernen`));
    expect(status).toBe(200);
    expect(textOf(html, 'hinweis')).toContain(fillSlots(words.places.removed, { name: 'Haltern am See' }));
    expect(html).not.toContain('>Haltern am See</a>');
    const { removed, added } = changedLines(before, data.read(NORTH_EAST));
    expect(added).toEqual([]);
    expect(removed.filter((line) => line.startsWith('  - '))).toEqual(['  - name: Haltern am See']);
    expect(parse(data.read(NORTH_EAST)).towns).toHaveLength(parse(before).towns.length - 1);
  }, 60_000);

  it('answers unknown fields, repeated fields, a body too large and unknown places below 500, and changes no byte', async () => {
    const before = data.read(NORTH_EAST);
    const form = formOf((await page(`${PLACES}/dorsten`)).html, `${PLACES}/dorsten`);
    const unknown = await send(`${PLACES}/dorsten`, new Map([...form, ['../../server/index.ts', 'x']]));
    expect(unknown.status).toBe(400);
    expect(textOf(unknown.html, 'probleme') + unknown.html).toContain(fillSlots(words.form.unknownField, { name: '../../server/index.ts' }));
    const repeated = await fetch(`${server.url}${PLACES}/dorsten`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: `${new URLSearchParams([...form])}&towns.dorsten.name=A&towns.dorsten.name=B` });
    expect(repeated.status).toBe(422);
    const large = await send(`${PLACES}/dorsten`, new Map([...form, ['towns.dorsten.description', 'Wort '.repeat(60_000)]]));
    expect(large.status).toBe(413);
    expect(large.html).toContain(words.form.malformed);
    for (const path of [`${PLACES}/entenhausen`, `${PLACES}/dorsten/entenhausen/entfernen`, `${PLACES}/..%2Fprices/entfernen`]) {
      expect((await send(path, new Map([['_version', 'x']]))).status, path).toBe(404);
      expect((await page(path)).status, path).toBe(404);
    }
    expect(data.read(NORTH_EAST)).toBe(before);
  });

  it('refuses a save over a file changed since the form was opened and shows both versions', async () => {
    const form = formOf((await page(`${PLACES}/marl`)).html, `${PLACES}/marl`);
    data.edit(NORTH_EAST, (text) => text.replace('# Service area', '# The service area'));
    const before = data.read(NORTH_EAST);
    form.set('towns.marl.arrivalTime', '10–20');
    // A browser sends a textarea's line breaks as CRLF.
    form.set('towns.marl.sources', form.get('towns.marl.sources')!.replaceAll('\n', '\r\n'));
    expect(form.get('towns.marl.sources')).toContain('\r\n');
    const { status, html } = await send(`${PLACES}/marl`, form);
    expect(status).toBe(409);
    expect(data.read(NORTH_EAST)).toBe(before);
    expect(html).toContain('Seit Sie dieses Formular geöffnet haben, wurde anderswo etwas unter „Orte“ oder in einem Formular mit denselben Angaben gespeichert');
    expect(html).not.toContain(NORTH_EAST);
    // Only what differs is listed: the arrival time, not the sources the owner left as they were.
    expect(textOf(html, 'vergleich')).toContain('10–20');
    expect(textOf(html, 'vergleich')).not.toContain(words.places.fields.sources);
  });

  it('lists the place saves, additions and removals on the System page, each with the login it came from', async () => {
    const items = [...(await page('/intern/system')).html.matchAll(/<li data-action="(\w+)" data-outcome="(\w+)">([^<]*)/g)].map(([, action, outcome, text]) => ({ action, outcome, text: decode(text!) }));
    const places = items.filter(({ action, text }) => action === 'save' && /: data\/places\/[a-z-]+\.yaml\./.test(text));
    // This file saved towns and districts, added and removed them (its refusals come before a save and are not listed).
    expect(places.filter(({ outcome }) => outcome === 'done').length).toBeGreaterThanOrEqual(5);
    const login = fillSlots(words.contentLog.loggedIn.split('{time}')[0]!, { hint: sessionHint(cookie.slice(cookie.indexOf('=') + 1)) });
    for (const { text } of places) expect(text).toContain(login);
  });
});
