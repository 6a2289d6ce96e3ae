// /auftrag, the order form the technician fills in at the door (docs/decisions.md, 'Order form
// /auftrag'): a noindex page outside the sitemap, linked from the AGB, with every price as /preise
// states it, the surcharge rule, the same withdrawal texts as the AGB, the declaration of § 356
// Abs. 4 BGB, signature lines and a print stylesheet for A4.
import { ORDER_WORDS, wordsOf } from '../../build/routes/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteData, type SiteData } from '../../build/load/site-data.ts';
import { WITHDRAWAL_SECTIONS } from '../../core/schema/legal.ts';
import { formatEuro } from '../../core/format.ts';
import { HAPPY_HOUR_ID, outsideText, priceText, quote, surchargeNote } from '../../core/prices.ts';
import { BUILD_DATE, buildSite, type BuiltSite } from '../support/site-build.ts';

let site: BuiltSite;
let data: SiteData;
let form: string;
let agb: string;

beforeAll(async () => {
  site = await buildSite();
  data = loadSiteData({ buildDate: BUILD_DATE });
  form = site.read('auftrag/index.html');
  agb = site.read('agb/index.html');
}, 180_000);
afterAll(() => site?.remove());

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The markup of one block of the order form, by its id. */
function block(id: string): string {
  const start = form.indexOf(`<section id="${id}"`);
  expect(start, id).toBeGreaterThan(0);
  return form.slice(start, form.indexOf('</section>', start));
}

/** The rendered body of a shared section on the order form. */
function sectionBody(id: string): string {
  const start = form.indexOf(`<section id="${id}"`);
  expect(start, id).toBeGreaterThan(0);
  const section = form.slice(start, form.indexOf('</section>', start));
  return section.slice(section.indexOf('<div class="prose">') + '<div class="prose">'.length, section.lastIndexOf('</div>'));
}

describe('/auftrag', () => {
  it('is a page of its own template, noindex, without canonical address and not in the sitemap', () => {
    const routes = JSON.parse(site.read('_server/routes.json')) as { path: string; template: string }[];
    expect(routes.find((route) => route.path === '/auftrag')?.template).toBe('order');
    expect(form).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(form).not.toContain('rel="canonical"');
    expect(site.read('sitemap.xml')).not.toContain('/auftrag');
  });

  it('is linked from the AGB', () => {
    expect(agb).toContain('href="/auftrag"');
  });

  it('names the business from data/site.yaml', () => {
    const { site: facts } = data;
    const contractor = text(form.slice(form.indexOf('<section id="auftragnehmer"'), form.indexOf('</section>', form.indexOf('<section id="auftragnehmer"'))));
    for (const fact of [facts.legalName, facts.address.street, `${facts.address.postalCode} ${facts.address.city}`, facts.phone.display, facts.email]) {
      expect(contractor).toContain(fact);
    }
    expect(form).toContain(`href="tel:${facts.phone.e164}"`);
  });

  it('lists every service with its price, its time condition and its price outside those hours, and every part', () => {
    const { prices } = data;
    for (const service of prices.services) {
      const q = quote(prices, service.id);
      const row = form.slice(form.indexOf(`data-price-id="${service.id}"`));
      expect(row, service.id).toMatch(new RegExp(`^data-price-id="${service.id}">${priceText(q)}<`));
      expect(row.slice(0, 400), service.id).toContain(prices.terms.standardHours);
      expect(row.slice(0, 400), service.id).toContain(`data-price-outside="${service.id}">${outsideText(q)}<`);
    }
    expect(form).toContain(`data-price-id="${HAPPY_HOUR_ID}">${priceText(quote(prices, HAPPY_HOUR_ID))}<`);
    for (const part of prices.parts) expect(form, part.id).toContain(`data-price-id="${part.id}">${priceText(quote(prices, part.id))}<`);
    expect(text(form)).toContain(text(surchargeNote(prices)));
    expect(text(form)).toContain(text(data.vat.note));
  });

  it('carries the withdrawal texts of the AGB, word for word', () => {
    for (const id of WITHDRAWAL_SECTIONS) {
      const body = sectionBody(id);
      expect(body.length, id).toBeGreaterThan(100);
      expect(agb.includes(body), `${id} differs between /auftrag and /agb`).toBe(true);
      expect(form).toContain(`<h2 id="${id}-heading">${data.withdrawal.sections[id].heading}</h2>`);
    }
    const notice = text(sectionBody('widerrufsbelehrung'));
    expect(notice).toContain('Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen soll');
    expect(text(sectionBody('muster-widerrufsformular'))).toContain('Hiermit widerrufe(n) ich/wir (*)');
    expect(text(sectionBody('widerrufsrecht'))).toContain('§ 312g Abs. 2 Nr. 11 BGB');
  });

  it('says the urgent opening has as a rule no right of withdrawal, with the reason, informs of it where it may exist, and asks for the declaration on every job', () => {
    for (const [page, markup] of [['/auftrag', form], ['/agb', agb]] as const) {
      const all = text(markup);
      expect(all, page).toContain('In der Regel kein Widerrufsrecht für die dringende Hilfe, für die Sie uns rufen.');
      expect(all, page).toContain('nicht abschließend entschieden');
      expect(all, page).toContain('Es kann daher sein, dass Ihnen auch für die Notöffnung ein Widerrufsrecht zusteht.');
      expect(all, page).toContain('auch vor einer Notöffnung, um die Erklärung zum sofortigen Beginn');
      // The old readings: a flat "no right" for the opening, and a declaration made optional.
      expect(all, page).not.toMatch(/(?<!In der Regel )kein Widerrufsrecht für die dringende Hilfe/i);
      expect(all, page).not.toMatch(/freiwillig|soweit Ihnen dafür ein Widerrufsrecht zusteht/);
    }
  });

  it('gives every confirmation of the customer a signature line of its own: AGB shown, the declaration, the order, the copy received (§ 309 Nr. 12 b BGB)', () => {
    const orderForm = wordsOf(data, ORDER_WORDS);
    const signatures = (id: string) => [...block(id).matchAll(/<p class="signature">([^<]+)<\/p>/g)].map((match) => match[1]);
    expect(text(block('agb'))).toContain(text(orderForm.terms.consent));
    expect(signatures('agb')).toEqual([orderForm.terms.signature]);
    expect(text(block('sofortiger-beginn'))).toContain(orderForm.declaration.text);
    expect(signatures('sofortiger-beginn')).toEqual([orderForm.declaration.signature]);
    expect(signatures('unterschriften')).toEqual([orderForm.signatures.customer, orderForm.signatures.technician]);
    expect(text(block('ausfertigung'))).toContain(text(orderForm.copy.text));
    expect(signatures('ausfertigung')).toEqual([orderForm.copy.signature]);
    const customerLines = [orderForm.terms.signature, orderForm.declaration.signature, orderForm.signatures.customer, orderForm.copy.signature];
    expect(new Set(customerLines).size).toBe(4);
    // A confirmation is given by signing, never by a box ticked in advance or left to tick.
    for (const id of ['agb', 'sofortiger-beginn', 'ausfertigung']) expect(block(id), id).not.toContain('tick-box');
  });

  it('records the price and the arrival time named on the phone, against which the guarantee is measured', () => {
    const orderForm = wordsOf(data, ORDER_WORDS);
    const phone = block('telefon');
    for (const label of orderForm.phone.fields) expect(phone).toContain(`<dt>${label}</dt><dd></dd>`);
    expect(orderForm.phone.fields.join(' ')).toMatch(/Endpreis/);
    expect(orderForm.phone.fields.join(' ')).toMatch(/Ankunftszeit/);
    expect(text(phone)).toContain(text(data.claims.moneyBack.text));
    // The promise comes with its condition, and a later time the customer asked for has its line.
    expect(text(phone)).toContain(text(data.claims.moneyBack.condition));
    expect(text(phone)).toContain('Auf Wunsch des Auftraggebers vereinbarte spätere Ankunftszeit');
    expect(text(block('auftraggeber'))).toContain('Tatsächliche Ankunft des Technikers');
  });

  it('prints what we say on the phone before we drive: price, arrival, the right of withdrawal and where the AGB are', () => {
    const script = text(block('telefonat'));
    expect(block('telefonat')).toContain(`<h2 id="telefonat-heading">${data.phoneScript.heading}</h2>`);
    for (const step of data.phoneScript.steps) {
      expect(script).toContain(step.topic);
      expect(script).toContain(text(step.say));
    }
    expect(script).toContain('Widerrufsrecht von vierzehn Tagen');
    expect(script).toContain('in der Regel nicht');
    expect(script).toContain(`${data.site.url}/agb`);
    expect(script).toContain(priceText(quote(data.prices, 'mehrfachverriegelung')).replace(/\u00a0/g, ' '));
    // The call names the business first, and the price step names the waiting time it may add.
    expect(text(data.phoneScript.steps[0]!.say).startsWith(`${data.site.name} aus ${data.site.address.city}`)).toBe(true);
    expect(script).toContain(`danach ${formatEuro(data.prices.terms.waiting.per15Minutes).replace(/\u00a0/g, ' ')} je angefangene 15 Minuten`);
    expect(script).toContain('dringende Öffnung oder Notsicherung');
  });

  it('lists every extra added at the door with its amount, to tick, but not the travel already in the price named on the phone', () => {
    const atTheDoor = data.prices.extras.filter((extra) => !extra.namedOnPhone);
    expect(atTheDoor.map((extra) => extra.id).sort()).toEqual(['mehrfachverriegelung', 'zylinder-nach-aufbohren']);
    for (const extra of atTheDoor) expect(block('leistung'), extra.id).toContain(`data-price-id="${extra.id}">${priceText(quote(data.prices, extra.id))}<`);
    expect(block('leistung')).not.toContain('data-price-id="anfahrt-ausserhalb"');
    expect(wordsOf(data, ORDER_WORDS).phone.fields[0]).toMatch(/Anfahrtskosten/);
  });

  it('states the versions of the form and of the AGB it refers to', () => {
    expect(form).toContain(`Stand: <time dateTime="${data.withdrawal.stand}">`);
    expect(form).toContain(`<time dateTime="${data.legal.agb.stand}">`);
  });

  it('prints on A4 in black on white without header, footer, consent banner and floating buttons', () => {
    const css = site.read(form.match(/<link rel="stylesheet" href="\/([^"]+)"/)![1]!);
    expect(css).toMatch(/@page\{size:A4;margin:[^}]+\}/);
    const print = css.slice(css.indexOf('@media print'));
    for (const hidden of ['.site-header', '.site-footer', '.consent', '.floating', '.drawer']) {
      expect(print).toMatch(new RegExp(`body\\[data-page=["']?order["']?\\] \\${hidden}[,{]`));
    }
    expect(print).toMatch(/\.order-form \*\{color:#000!important;background:(transparent|0 0)!important/);
    expect(print).toContain('break-inside:avoid');
    expect(form).toContain('data-page="order"');
  });
});

describe('the AGB the form refers to', () => {
  it('bill waiting only after the grace period, per started 15 minutes, and let the customer prove a lower damage', () => {
    const { waiting } = data.prices.terms;
    const terms = text(agb);
    expect(terms).toContain(
      `sind die ersten ${waiting.graceMinutes} Minuten Wartezeit kostenlos. Danach berechnen wir ${formatEuro(waiting.per15Minutes).replace(/\u00a0/g, ' ')} je angefangene 15 Minuten.`,
    );
    expect(terms).toContain('Ihnen bleibt der Nachweis gestattet, dass uns durch das Warten kein oder ein geringerer Schaden entstanden ist');
    expect(terms).not.toMatch(/je angefangene Stunde/);
  });

  it('become part of a contract made by phone only with the customer\'s consent after a chance to read them (§ 305 Abs. 2 BGB)', () => {
    expect(text(agb)).toContain('Bestandteil des Vertrags werden sie nur, wenn Sie mit ihrer Geltung einverstanden sind, nachdem Sie die Möglichkeit hatten, sie zur Kenntnis zu nehmen');
  });
});
