import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_WORDS, wordsOf } from '../../build/routes/index.ts';
import { ROOT } from '../support/data-copy.ts';
import { loadChanged, problems } from '../support/data-load.ts';

/** The line (from 1) of the shipped data file that first matches, where a change in place leaves it. */
function lineOf(file: string, pattern: RegExp): number {
  const index = readFileSync(join(ROOT, 'data', file), 'utf8').split('\n').findIndex((line) => pattern.test(line));
  expect(index, `${file} has a line matching ${pattern}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

describe('data validation', () => {
  it('accepts the shipped data and fills its placeholders', () => {
    const data = loadChanged();
    expect(data.site.address.city).toBe('Essen');
    expect(wordsOf(data, HOME_WORDS).seo.description).toContain('69\u00a0€');
    expect(data.legal.datenschutz.stand).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.legal.agb.html).not.toMatch(/\{\{/);
    expect(JSON.stringify(wordsOf(data, HOME_WORDS))).not.toMatch(/\{\{/);
  });

  it('names file, field and the slots it may use when a head uses a slot it cannot fill', () => {
    const message = problems((data) => data.edit('place-pages.yaml', (text) => text.replace('title: "Schlüsseldienst {where} –', 'title: "Schlüsseldienst {wo} –')));
    expect(message).toContain(`data/place-pages.yaml:${lineOf('place-pages.yaml', /title: "Schlüsseldienst \{where\} –/)}: place.title: uses {wo}, which this text cannot fill; it may use {where}, {at}, {arrival}, {door}`);
  });

  it('holds every SEO title and description to the same limits, after filling placeholders', () => {
    const long = 'Ein Titel, der für die Anzeige in den Suchergebnissen auf einem Telefon zu lang ist';
    expect(problems((data) => data.edit('about.yaml', (text) => text.replace(/^  title: .*$/m, `  title: "${long}"`)))).toMatch(
      new RegExp(`^data/about\\.yaml:${lineOf('about.yaml', /^  title: /)}: seo\\.title: is too long: ${long.length} characters, at most 65 fit`),
    );
    expect(problems((data) => data.edit('error-pages.yaml', (text) => text.replace(/^  title: "Seite nicht gefunden.*$/m, `  title: "${long}"`)))).toMatch(
      new RegExp(`^data/error-pages\\.yaml:${lineOf('error-pages.yaml', /^  title: "Seite nicht gefunden/)}: notFound\\.title: is too long: ${long.length} characters, at most 65 fit`),
    );
  });

  it('names file, line and column of broken YAML', () => {
    const message = problems((data) => data.edit('site.yaml', (text) => text.replace('name: Schlüsseldienst Mustermann', 'name: [unclosed')));
    expect(message).toMatch(/^data\/site\.yaml: line \d+, column \d+: is not valid YAML/);
  });

  it('names file, field path and bad value of an invalid field', () => {
    const message = problems((data) => data.edit('site.yaml', (text) => text.replace('e164: "+492010000000"', 'e164: "0201 123"')));
    expect(message).toBe(`data/site.yaml:${lineOf('site.yaml', /e164: "\+49201/)}: phone.e164: must be an E.164 number such as "+492011234567" (got "0201 123")`);
  });

  it('says which field is missing', () => {
    const message = problems((data) => data.edit('site.yaml', (text) => text.replace(/^email: .*$/m, '')));
    expect(message).toBe('data/site.yaml: email: is missing');
  });

  it('rejects a postcode that is not five digits', () => {
    const message = problems((data) => data.edit('site.yaml', (text) => text.replace('postalCode: "45127"', 'postalCode: "4512"')));
    expect(message).toContain(`data/site.yaml:${lineOf('site.yaml', /postalCode:/)}: address.postalCode: must be a five-digit postcode (got "4512")`);
  });

  it('rejects a placeholder that names nothing', () => {
    const message = problems((data) => data.edit('home.yaml', (text) => text.replace('heading: Faire Preise, vorab genannt', 'heading: "Preise {{phone.nope}}"')));
    expect(message).toContain(`data/home.yaml:${lineOf('home.yaml', /heading: Faire Preise, vorab genannt/)}: prices.heading: placeholder {{phone.nope}} names no text or number`);
  });

  it('rejects a price id that data/prices.yaml does not have', () => {
    const message = problems((data) => data.edit('home.yaml', (text) => text.replace('priceId: tresoroeffnung', 'priceId: tresor')));
    expect(message).toContain(`data/home.yaml:${lineOf('home.yaml', /priceId: tresoroeffnung/)}, services, card 'Tresoröffnung': priceId: "tresor" is not a price id of data/prices.yaml`);
  });

  it('reports a missing legal page by its file name', () => {
    const message = problems((data) => data.write('legal/agb.md', ''));
    expect(message).toMatch(/^data\/legal\/agb\.md: /);
  });
});

describe('content data of services, prices page and trust pages', () => {
  it('rejects a service slug used twice, naming both places', () => {
    const message = problems((data) => data.edit('services.yaml', (text) => text.replace('slug: autooeffnung', 'slug: tueroeffnung')));
    expect(message).toContain(`data/services.yaml:${lineOf('services.yaml', /slug: autooeffnung/)}, service 'Autoöffnung in Essen und im Ruhrgebiet': slug: "tueroeffnung" is used twice (also by "Türöffnung in Essen und im Ruhrgebiet")`);
  });

  it('rejects an overview card that links a service the file does not have', () => {
    const message = problems((data) => data.edit('services.yaml', (text) => text.replace(/link: zylinderwechsel/, 'link: zylinder')));
    expect(message).toMatch(/^data\/services\.yaml:\d+, overview, card '[^']+': link: "zylinder" is neither a service slug of this file nor a path/);
  });

  it('rejects a service with seven advantages', () => {
    const message = problems((data) => data.edit('services.yaml', (text) => text.replace(/(advantages:\n)(\s+- [^\n]+\n)/, '$1')));
    expect(message).toBe(`data/services.yaml:${lineOf('services.yaml', /^    advantages:/)}, service 'Türöffnung in Essen und im Ruhrgebiet': advantages: must be exactly eight advantages`);
  });

  it('rejects a trust page without its two tiles', () => {
    const message = problems((data) => data.edit('trust/keine-abzocke.md', (text) => text.replace(/^tiles:[^]*?(?=^\w|^---)/m, '')));
    expect(message).toMatch(/^data\/trust\/keine-abzocke\.md: tiles: is missing/);
  });
});

describe('icons', () => {
  it('a data file names an icon the site cannot draw: the build stops with file, field and the names it can', () => {
    const message = problems((data) => data.edit('about.yaml', (text) => text.replace(/icon: [a-z-]+/, 'icon: schluessel')));
    expect(message).toMatch(/^data\/about\.yaml:\d+, values, item '[^']+': icon: is no icon the site can draw \(got "schluessel"\); use one of arrow-right, /);
  });
});
