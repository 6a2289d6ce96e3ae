// VAT as one switch (data/site.yaml registration.smallBusiness): every price note, the Impressum
// and the AGB follow it, the amounts stay the end prices, and no page keeps a phrase of the other
// regime.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { buildSite, type BuiltSite } from '../support/site-build.ts';

let smallBusiness: BuiltSite;
let standard: BuiltSite;
let copy: DataCopy;

beforeAll(async () => {
  copy = copyData();
  copy.edit('site.yaml', (text) => text.replace(/smallBusiness: true/, 'smallBusiness: false'));
  smallBusiness = await buildSite();
  standard = await buildSite({ dataDir: copy.dir });
}, 240_000);
afterAll(() => {
  smallBusiness?.remove();
  standard?.remove();
  copy?.remove();
});

function pages(site: BuiltSite): { path: string; text: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.html') ? [relative(site.dir, path)] : [];
    });
  return walk(site.dir).map((file) => ({
    path: file,
    text: site.read(file).replace(/<script[^]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' '),
  }));
}

const SMALL_BUSINESS = /§ 19 UStG|keine Umsatzsteuer|Kleinunternehmer/;
const WITH_VAT = /inkl\.? ?(\d+ % )?MwSt|Mehrwertsteuer|gesetzlichen Umsatzsteuer/;

describe('VAT as one switch', () => {
  it('as a Kleinunternehmer (the shipped example): § 19 UStG wherever VAT is mentioned, nowhere "inkl. MwSt."', () => {
    const all = pages(smallBusiness);
    expect(all.length).toBeGreaterThan(1000);
    for (const { path, text } of all) expect(text, path).not.toMatch(WITH_VAT);
    const text = (file: string) => all.find((page) => page.path === file)!.text;
    expect(text('preise/index.html')).toContain('keine Umsatzsteuer nach § 19 UStG');
    expect(text('impressum/index.html')).toContain('Kleinunternehmer im Sinne von § 19 UStG');
    expect(text('agb/index.html')).toContain('Als Kleinunternehmer nach § 19 UStG berechnen wir keine Umsatzsteuer');
  });

  it('charging VAT: "inkl. 19 % MwSt." in every price note, the Impressum and the AGB, no phrase of § 19 left', () => {
    const all = pages(standard);
    for (const { path, text } of all) expect(text, path).not.toMatch(SMALL_BUSINESS);
    const text = (file: string) => all.find((page) => page.path === file)!.text;
    expect(text('preise/index.html')).toContain('inkl. Anfahrt im Einsatzgebiet und 19 % MwSt.');
    expect(text('index.html')).toContain('19 % MwSt.');
    expect(text('impressum/index.html')).toContain('gesetzlichen Umsatzsteuer (19 %)');
    expect(text('agb/index.html')).toContain('einschließlich 19 % Mehrwertsteuer');
  });

  it('the amounts are the same end prices in both regimes', () => {
    const amounts = (site: BuiltSite) => [...site.read('preise/index.html').matchAll(/data-price-(?:id|outside)="([^"]+)">([^<]+)</g)].map((match) => `${match[1]} ${match[2]}`);
    expect(amounts(standard)).toEqual(amounts(smallBusiness));
    expect(amounts(standard).length).toBeGreaterThan(10);
  });
});
