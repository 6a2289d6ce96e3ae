// The price questions on /preise open one at a time and close on a second click, with and
// without JavaScript, and report faq_toggle through the tracking module.
import { describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer';
import { DESKTOP, MOBILE, useBrowser } from './browser.ts';

const open = useBrowser();
/** Clicks an element in the middle of the screen, clear of the phone's fixed call bar. */
async function tap(element: ElementHandle<Element>): Promise<void> {
  await element.evaluate((node) => node.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await element.click();
}

const openQuestions = (page: Page) => page.$$eval('.faq details', (items) => items.map((item) => (item as HTMLDetailsElement).open));

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('the price FAQ %s', (_name, javaScript) => {
  it('opens one question at a time and closes it on a second click', async () => {
    const { page } = await open('/preise', { viewport: javaScript ? MOBILE : DESKTOP, javaScript });
    if (javaScript) await page.click('[data-consent-necessary]');
    const summaries = await page.$$('.faq summary');
    expect(summaries).toHaveLength(5);
    expect(await openQuestions(page)).toEqual([false, false, false, false, false]);
    await tap(summaries[0]!);
    expect(await openQuestions(page)).toEqual([true, false, false, false, false]);
    await tap(summaries[2]!);
    expect(await openQuestions(page)).toEqual([false, false, true, false, false]);
    await tap(summaries[2]!);
    expect(await openQuestions(page)).toEqual([false, false, false, false, false]);
  });
});
