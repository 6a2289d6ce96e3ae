// The floating buttons: calling is always one tap away on a phone, WhatsApp joins after a fifth
// of the page, "nach oben" after two fifths, and brings the visitor back to the top.
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, focused, hasClass, scrollToRatio, settlesShown, visit, type Visit, useBrowser } from './browser.ts';

const WHATSAPP = 'a.fab-whatsapp';
const TO_TOP = 'a[data-to-top]';
const CALL = 'a.fab-call';

const visitPage = useBrowser();

async function open(options: Parameters<typeof visit>[2]): Promise<Visit> {
  const current = await visitPage('/', options);
  // The choice is made, so the banner does not sit in the way of the buttons.
  await current.page.click('[data-consent-necessary]');
  return current;
}

/** Scroll positions passed on the way up after tapping "nach oben". */
async function tapToTop(v: Visit): Promise<number[]> {
  await v.page.evaluate(() => {
    const positions: number[] = [];
    (window as unknown as { positions: number[] }).positions = positions;
    addEventListener('scroll', () => positions.push(scrollY), { passive: true });
  });
  await v.page.click(TO_TOP);
  await v.page.waitForFunction(() => scrollY === 0, { timeout: 5000 });
  // Scroll events are dispatched with the next frame: let it pass before reading them.
  await v.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return v.page.evaluate(() => (window as unknown as { positions: number[] }).positions);
}

async function state(v: Visit) {
  return {
    whatsapp: await hasClass(v.page, WHATSAPP, 'is-visible'),
    toTop: await hasClass(v.page, TO_TOP, 'is-visible'),
  };
}

describe('at 390 px (phone)', () => {
  it('shows the call button from the start and the others past 20 % and 40 % of the page', async () => {
    const v = await open({ viewport: MOBILE });
    expect(await settlesShown(v.page, CALL, true)).toBe(true);
    expect(await state(v)).toEqual({ whatsapp: false, toTop: false });
    expect(await settlesShown(v.page, WHATSAPP, false)).toBe(false);
    expect(await settlesShown(v.page, TO_TOP, false)).toBe(false);

    await scrollToRatio(v.page, 0.18);
    expect(await state(v)).toEqual({ whatsapp: false, toTop: false });
    await scrollToRatio(v.page, 0.22);
    expect(await state(v)).toEqual({ whatsapp: true, toTop: false });
    expect(await settlesShown(v.page, WHATSAPP, true)).toBe(true);
    await scrollToRatio(v.page, 0.38);
    expect(await state(v)).toEqual({ whatsapp: true, toTop: false });
    await scrollToRatio(v.page, 0.42);
    expect(await state(v)).toEqual({ whatsapp: true, toTop: true });
    expect(await settlesShown(v.page, TO_TOP, true)).toBe(true);
    expect(await settlesShown(v.page, CALL, true)).toBe(true);

    await scrollToRatio(v.page, 0.1);
    expect(await state(v)).toEqual({ whatsapp: false, toTop: false });
    expect(await settlesShown(v.page, WHATSAPP, false)).toBe(false);
  });

  it('"nach oben" scrolls back to the top and puts focus there (reduced motion: at once)', async () => {
    const v = await open({ viewport: MOBILE, reducedMotion: true });
    await scrollToRatio(v.page, 0.6);
    expect(await tapToTop(v)).toEqual([0]);
    expect(await focused(v.page)).toContain('id="top"');
  });
});

describe('at 1280 px (desktop)', () => {
  it('never floats WhatsApp or the call button; "nach oben" appears past 40 %', async () => {
    const v = await open({ viewport: DESKTOP });
    expect(await settlesShown(v.page, CALL, false)).toBe(false);
    await scrollToRatio(v.page, 0.38);
    expect(await state(v)).toEqual({ whatsapp: false, toTop: false });
    await scrollToRatio(v.page, 0.5);
    expect(await state(v)).toEqual({ whatsapp: false, toTop: true });
    expect(await settlesShown(v.page, TO_TOP, true)).toBe(true);
    expect(await settlesShown(v.page, WHATSAPP, false)).toBe(false);
  });

  it('"nach oben" scrolls smoothly back to the top', async () => {
    const v = await open({ viewport: DESKTOP });
    await scrollToRatio(v.page, 0.9);
    const start = await v.page.evaluate(() => scrollY);
    const positions = await tapToTop(v);
    expect(positions.at(-1)).toBe(0);
    expect(positions.filter((position) => position > 0 && position < start).length).toBeGreaterThan(1);
    expect(await focused(v.page)).toContain('id="top"');
  });
});
