// Every promise and price is stated once, in data/, and every page states it from there
// (docs/decisions.md, 'Prices and promises'): the sources type no claim number, prices are what the
// customer pays, and arrival times name where they hold.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteData } from '../../build/load/site-data.ts';
import { arrivalFacts } from '../../core/arrival.ts';
import { officeHours, outsideStandardHours } from '../../core/hours.ts';
import { formatEuro } from '../../core/format.ts';
import { extrasFor, outsideText, priceSentence, priceText, quote } from '../../core/prices.ts';
import { ROOT } from '../support/data-copy.ts';

const data = loadSiteData({ buildDate: new Date('2026-11-22T10:00:00Z') });

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, pattern) : pattern.test(name) ? [path] : [];
  });
}

/** Texts and components that must take every promise from data/claims.yaml and data/prices.yaml. */
const sources = [
  ...files(join(ROOT, 'data'), /\.(ya?ml|md)$/).filter((file) => !/data\/(claims|prices|site)\.yaml$|data\/places\//.test(file)),
  ...files(join(ROOT, 'templates'), /\.tsx?$/),
].map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }));

/** Comments may give examples ("15–30 Minuten"); only what a visitor can read counts. */
const withoutComments = (text: string) => text.replace(/^\s*(#|\/\/|\/\*\*?|\*).*$/gm, '');

describe('no claim is typed outside data/claims.yaml', () => {
  const forbidden: [RegExp, string][] = [
    [/\d ?%/, 'a percentage (use {{claims.…}} or the prices placeholders)'],
    [/\b5\.000\b|\b5000\b/, 'the order count (use {{num:claims.orders.count}})'],
    [/\d+–\d+ ?Min/, 'an arrival time (they live in data/places/; use {{arrival.…}})'],
    [/\{\{\s*euro:prices\.services\./, 'a service price without its condition (use {{price:id}})'],
    [/\{\{\s*euro:prices\.extras\./, 'an extra without its night price and unit (use {{price:id}})'],
    [/\{\{\s*arrivalTime\s*\}\}/, 'the old generic arrival time'],
    [/abends, nachts, am Wochenende/, 'the surcharge window typed (use {{prices.surcharges.outsideHours.when}})'],
    [/Grenze des Einsatzgebiets/, 'how travel outside the area is counted (use {{prices.extras.anfahrt-ausserhalb.note}})'],
    // "Hier erscheinen bald …": a time nobody guarantees ("möglichst bald" asks the customer).
    [/(?<!möglichst )\bbald\b/i, 'a promise of "bald"'],
  ];
  for (const [pattern, what] of forbidden) {
    it(`no source types ${what}`, () => {
      const hits = sources.filter(({ text }) => pattern.test(withoutComments(text))).map(({ file }) => file);
      expect(hits).toEqual([]);
    });
  }
});

describe('prices as the customer pays them', () => {
  const { prices } = data;

  it('a job that needs a part includes the cheapest one, and says so', () => {
    const cylinder = quote(prices, 'zylinderwechsel');
    const part = prices.parts.find((item) => item.id === 'zylinder')!;
    expect(cylinder.total).toBe(prices.services.find((item) => item.id === 'zylinderwechsel')!.price + part.price);
    expect(priceText(cylinder)).toBe(`ab ${cylinder.total} € inkl. ${part.title}`.replace(' €', '\u00a0€'));
    const lock = quote(prices, 'schlosswechsel');
    const cheapest = Math.min(...lock.item.needs.map((id) => prices.parts.find((item) => item.id === id)!.price));
    expect(lock.total).toBe(lock.item.price + cheapest);
  });

  it('the surcharge doubles the labour, not the part, when it applies to labour', () => {
    expect(prices.surcharges.outsideHours.appliesTo).toBe('labour');
    expect(quote(prices, 'tuer-zugefallen').outside).toBe(138);
    expect(quote(prices, 'tuer-abgeschlossen').outside).toBe(258);
    const cylinder = quote(prices, 'zylinderwechsel');
    expect(cylinder.outside).toBe(cylinder.item.price * 2 + cylinder.part!.price);
    const onTotal = { ...prices, surcharges: { ...prices.surcharges, outsideHours: { ...prices.surcharges.outsideHours, appliesTo: 'total' as const } } };
    expect(quote(onTotal, 'zylinderwechsel').outside).toBe(cylinder.total * 2);
  });

  it('the happy hour and parts have no night price; a sentence names the time and the night price', () => {
    expect(quote(prices, 'happy-hour').outside).toBeNull();
    expect(quote(prices, 'zylinder').outside).toBeNull();
    expect(priceSentence(prices, 'tuer-zugefallen')).toBe(`69\u00a0€ (${prices.terms.standardHours}; sonst 138\u00a0€)`);
    expect(outsideText(quote(prices, 'zylinderwechsel'))).toMatch(/^ab /);
  });
});

describe('extras: what can be added to a fixed price', () => {
  const { prices } = data;

  it('each has an amount; work carries the surcharge like every labour price, travel and parts do not', () => {
    const multiPoint = quote(prices, 'mehrfachverriegelung');
    expect(multiPoint.total).toBeGreaterThan(0);
    expect(multiPoint.outside).toBe(multiPoint.item.price * 2);
    const cylinder = quote(prices, 'zylinder-nach-aufbohren');
    expect(cylinder.part?.id).toBe('zylinder');
    expect(cylinder.total).toBe(cylinder.item.price + cylinder.part!.price);
    expect(cylinder.outside).toBe(cylinder.item.price * 2 + cylinder.part!.price);
    const travel = quote(prices, 'anfahrt-ausserhalb');
    expect(travel.outside).toBeNull();
    expect(priceText(travel)).toBe(`${formatEuro(travel.item.price)} je km Fahrstrecke`);
    expect(priceSentence(prices, 'mehrfachverriegelung')).toBe(`${priceText(multiPoint)} (${prices.terms.standardHours}; sonst ${outsideText(multiPoint)})`);
  });

  it('an extra is offered with the fixed prices it can be added to, every one when it names none', () => {
    expect(extrasFor(prices, 'tuer-abgeschlossen').map((extra) => extra.id)).toEqual(['mehrfachverriegelung', 'zylinder-nach-aufbohren', 'anfahrt-ausserhalb']);
    expect(extrasFor(prices, 'autooeffnung').map((extra) => extra.id)).toEqual(['anfahrt-ausserhalb']);
  });

  it('the sentence for travel outside the area states the amount of the extra', () => {
    expect(prices.surcharges.outsideArea).toContain(`${formatEuro(quote(prices, 'anfahrt-ausserhalb').item.price)} je km Fahrstrecke`);
  });
});

describe('hours and arrival times', () => {
  it('an office slot outside the surcharge-free window says so (Saturday in the example data)', () => {
    const [weekdays, saturday] = data.site.hours.office;
    expect(outsideStandardHours(weekdays!, data.prices)).toBe(false);
    expect(outsideStandardHours(saturday!, data.prices)).toBe(true);
    // The surcharge names its days, so that it does not read as holding for the weekdays too.
    expect(officeHours(data.site, data.prices)).toBe('Mo–Fr 8–18 Uhr und Sa 9–16 Uhr (samstags Preise mit Notdienstzuschlag)');
    const office = [{ days: 'Mo–Fr', opens: '07:00', closes: '18:00' }, { days: 'Sa–So', opens: '10:00', closes: '14:00' }];
    expect(officeHours({ ...data.site, hours: { ...data.site.hours, office } }, data.prices)).toBe(
      `Mo–Fr 7–18 Uhr und Sa–So 10–14 Uhr (Preise mit Notdienstzuschlag: ${data.prices.surcharges.outsideHours.when})`,
    );
    const weekend = [{ days: 'Mo–Fr', opens: '08:00', closes: '18:00' }, { days: 'Sa–So', opens: '10:00', closes: '14:00' }];
    expect(officeHours({ ...data.site, hours: { ...data.site.hours, office: weekend } }, data.prices)).toMatch(/\(samstags und sonntags Preise mit /);
  });

  it('the generic arrival time covers only the towns that reach it, never the slowest', () => {
    const facts = arrivalFacts(data.places, data.claims.arrival.coreMaxMinutes);
    expect(facts.core).toBe('15–30 Minuten');
    expect(facts.coreTowns).toMatch(/^Essen, .* und /);
    expect(facts.coreTowns).not.toContain('Hamm');
    expect(facts.coreTowns).not.toContain('Bochum');
    expect(facts.slowest).toBe('50–70 Minuten');
    // One town alone would read "in die eine Städte": the build names the setting instead.
    const fastest = Math.min(...data.places.flatMap((place) => (place.kind === 'town' && place.arrivalTime ? [Number(place.arrivalTime.split('–')[1]!.replace(' Min.', ''))] : [])));
    const alone = data.places.filter((place) => place.kind === 'town' && place.arrivalTime && Number(place.arrivalTime.split('–')[1]!.replace(' Min.', '')) <= fastest);
    expect(alone).toHaveLength(1);
    expect(() => arrivalFacts(data.places, fastest)).toThrow(/only .* is reached within .*several towns/);
    // One word for a usual arrival time everywhere: "meist", as the place pages say it.
    const filled = JSON.stringify(data);
    expect(filled).toContain(`sind wir meist in ${facts.core} bei Ihnen`);
    expect(filled).not.toMatch(/in der Regel in \d/);
    for (const name of facts.coreTowns.split(/, | und /)) {
      const town = data.places.find((place) => place.kind === 'town' && place.name === name)!;
      expect(Number(town.arrivalTime!.split('–')[1]!.replace(' Min.', '')), name).toBeLessThanOrEqual(30);
    }
  });
});
