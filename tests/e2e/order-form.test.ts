// The order form /auftrag as the technician prints it (docs/decisions.md, 'Order form /auftrag'):
// in Chromium's print rendering every confirmation has its own signature line, the lines for the
// price and the arrival time named on the phone are there to write on, and the phone script and
// the extras with their amounts are on paper too; the site's header and footer are not.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer';
import { DESKTOP, useBrowser } from './browser.ts';

const open = useBrowser({ viewport: DESKTOP });

/** The visible text of every element the selector finds, in print rendering. */
const printed = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) => elements.filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true })).map((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

describe('/auftrag on paper', () => {
  it('prints a signature line per confirmation and lines for the price and arrival time named on the phone', async () => {
    // The technician opens the form and scrolls or clicks before printing: the whole stylesheet,
    // with the print rules, loads on that first interaction (client/boot.ts).
    const { page } = await open('/auftrag');
    await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/')));
    await page.emulateMediaType('print');
    expect(await printed(page, '.site-header, .site-footer')).toEqual([]);

    const signatures = (id: string) => printed(page, `#${id} .signature`);
    expect(await signatures('agb')).toEqual([expect.stringContaining('AGB vorgelegt')]);
    expect(await signatures('sofortiger-beginn')).toEqual([expect.stringContaining('Erklärung zum sofortigen Beginn')]);
    expect(await signatures('unterschriften')).toEqual([expect.stringContaining('(Auftrag)'), expect.stringContaining('Technikers')]);
    expect(await signatures('ausfertigung')).toEqual([expect.stringContaining('Ausfertigung erhalten')]);
    // A line to sign on: the label sits under a rule of its own, not on the text above.
    const rules = await page.$$eval('.order-form .signature', (lines) => lines.map((line) => parseFloat(getComputedStyle(line).borderTopWidth)));
    expect(rules.every((width) => width > 0), JSON.stringify(rules)).toBe(true);

    const phone = await printed(page, '#telefon .fill-fields dt');
    expect(phone).toEqual([expect.stringContaining('Endpreis'), expect.stringContaining('Ankunftszeit'), expect.stringContaining('spätere Ankunftszeit'), expect.stringContaining('Genannt am')]);
    const writeOn = await page.$$eval('#telefon .fill-fields dd', (lines) => lines.map((line) => line.getBoundingClientRect().width));
    expect(writeOn.every((width) => width > 100), JSON.stringify(writeOn)).toBe(true);

    expect((await printed(page, '#telefonat dt')).length).toBeGreaterThanOrEqual(4);
    const extras = await printed(page, '#leistung [data-price-id="mehrfachverriegelung"], #leistung [data-price-id="anfahrt-ausserhalb"]');
    expect(extras).toEqual([expect.stringMatching(/^\d+ €$/)]);
  });
});
