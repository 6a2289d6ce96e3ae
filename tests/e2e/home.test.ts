// The home page's moving parts: the alternating hero slogan, the service cards (one open at a
// time), the gallery viewer and sections that fade in (unless motion is unwanted).
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, focused, isFocusInside, isShown, settlesShown, visit, type Visit, useBrowser } from './browser.ts';

const visitPage = useBrowser();

async function open(options: Parameters<typeof visit>[2] = {}): Promise<Visit> {
  const current = await visitPage('/', options);
  // Decided, so the banner covers nothing a test taps on.
  await current.page.click('[data-consent-necessary]');
  return current;
}

/** A page clock for setInterval only: the test advances time instead of waiting 5 s. */
async function installIntervalClock(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    type Timer = { callback: () => void; ms: number; due: number };
    const timers = new Map<number, Timer>();
    let now = 0;
    let lastId = 0;
    const w = window as unknown as Record<string, unknown>;
    w.setInterval = (callback: () => void, ms = 0) => {
      timers.set(++lastId, { callback, ms, due: now + ms });
      return lastId;
    };
    w.clearInterval = (id: number) => timers.delete(id);
    w.__intervalClock = {
      intervals: () => [...timers.values()].map((timer) => timer.ms),
      advance(ms: number) {
        const end = now + ms;
        for (;;) {
          const next = [...timers.values()].filter((timer) => timer.due <= end).sort((a, b) => a.due - b.due)[0];
          if (!next) break;
          now = next.due;
          next.due += next.ms;
          next.callback();
        }
        now = end;
      },
    };
  });
}

const advance = (page: Page, ms: number) =>
  page.evaluate((ms) => (window as unknown as { __intervalClock: { advance(ms: number): void } }).__intervalClock.advance(ms), ms);

describe('hero slogan', () => {
  const activeSlogan = (page: Page) =>
    page.$$eval('[data-slogan] [data-slogan-item]', (items) =>
      items.map((item) => [
        item.classList.contains('is-active'),
        item.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
      ]),
    );
  const box = (page: Page) => page.$eval('[data-slogan]', (slogan) => slogan.closest('a')!.getBoundingClientRect().toJSON());

  it('alternates between its two slogans every 5 seconds without moving anything', async () => {
    const v = await open({ viewport: MOBILE, prepare: installIntervalClock });
    expect(await v.page.evaluate(() => (window as unknown as { __intervalClock: { intervals(): number[] } }).__intervalClock.intervals())).toContain(5000);
    expect(await v.page.$eval('[data-slogan]', (slogan) => slogan.closest('a')?.getAttribute('href'))).toMatch(/^tel:/);
    const before = await box(v.page);
    expect((await activeSlogan(v.page)).map(([active]) => active)).toEqual([true, false]);

    await advance(v.page, 4999);
    expect((await activeSlogan(v.page)).map(([active]) => active)).toEqual([true, false]);
    await advance(v.page, 1);
    expect((await activeSlogan(v.page)).map(([active]) => active)).toEqual([false, true]);
    await v.page.waitForFunction(
      () => document.querySelectorAll('[data-slogan-item]')[0]?.checkVisibility({ visibilityProperty: true, opacityProperty: true }) === false,
      { timeout: 2000 },
    );
    expect(await activeSlogan(v.page)).toEqual([
      [false, false],
      [true, true],
    ]);
    expect(await box(v.page)).toEqual(before);
    expect(await v.page.$$eval('[data-slogan-item]', (items) => items.map((item) => item.getAttribute('aria-hidden')))).toEqual([
      'true',
      null,
    ]);

    await advance(v.page, 5000);
    expect((await activeSlogan(v.page)).map(([active]) => active)).toEqual([true, false]);
  });

  it('alternates by itself in a visible tab, 5 seconds after the first paint, without any interaction (the real clock)', async () => {
    const v = await visitPage('/', { until: 'paint' });
    expect(await v.page.evaluate(() => document.visibilityState)).toBe('visible');
    const changed = await v.page.waitForFunction(
      () => document.querySelectorAll('[data-slogan-item]')[1]?.classList.contains('is-active') && performance.now(),
      { timeout: 10_000, polling: 50 },
    );
    const since = (await changed.jsonValue()) as number - (await v.page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime));
    expect(since).toBeGreaterThanOrEqual(4_950);
    expect(since).toBeLessThanOrEqual(6_000);
  }, 30_000);
});

describe('service cards', () => {
  it('open one at a time, and a second click on the open one closes it', async () => {
    const v = await open({ viewport: MOBILE });
    const openCards = () =>
      v.page.$$eval('details[name="services"]', (cards) => cards.map((card) => (card as HTMLDetailsElement).open));
    const cards = (await openCards()).length;
    expect(cards).toBeGreaterThanOrEqual(2);
    expect(await openCards()).toEqual(Array(cards).fill(false));

    const summaries = await v.page.$$('details[name="services"] > summary');
    await summaries[0]!.click();
    expect((await openCards())[0]).toBe(true);
    await summaries[1]!.click();
    expect((await openCards()).slice(0, 2)).toEqual([false, true]);
    expect((await openCards()).filter(Boolean)).toHaveLength(1);
    await summaries[1]!.click();
    expect(await openCards()).toEqual(Array(cards).fill(false));
  });
});

describe('gallery viewer at 1280 px', () => {
  const counter = (page: Page) => page.$eval('[data-viewer-counter]', (element) => element.textContent!.trim());

  it('opens on the chosen image, pages through with wrap-around and closes back to that image', async () => {
    const v = await open({ viewport: DESKTOP });
    const items = await v.page.$$eval('a[data-gallery-item]', (links) =>
      links
        .map((link) => ({ index: Number((link as HTMLElement).dataset.index), href: (link as HTMLAnchorElement).href, caption: (link as HTMLElement).dataset.caption }))
        .sort((a, b) => a.index - b.index),
    );
    expect(items).toHaveLength(4);
    for (const item of items) expect(item.href).toMatch(/\.jpe?g$/);
    expect(await isShown(v.page, '[data-viewer]')).toBe(false);

    await v.page.click('a[data-gallery-item][data-index="1"]');
    expect(await settlesShown(v.page, '[data-viewer]', true)).toBe(true);
    expect(await counter(v.page)).toBe('2 / 4');
    expect(await v.page.$eval('[data-viewer-img]', (image) => (image as HTMLImageElement).src)).toBe(items[1]!.href);
    expect(await v.page.$eval('[data-viewer-caption]', (element) => element.textContent)).toBe(items[1]!.caption);
    expect(await v.page.$eval('[data-viewer-img]', (image) => (image as HTMLImageElement).alt)).not.toBe('');
    expect(await isFocusInside(v.page, '[data-viewer]')).toBe(true);

    await v.page.click('[data-viewer-next]');
    expect(await counter(v.page)).toBe('3 / 4');
    await v.page.click('[data-viewer-next]');
    await v.page.click('[data-viewer-next]');
    expect(await counter(v.page)).toBe('1 / 4');
    expect(await v.page.$eval('[data-viewer-img]', (image) => (image as HTMLImageElement).src)).toBe(items[0]!.href);
    await v.page.click('[data-viewer-prev]');
    expect(await counter(v.page)).toBe('4 / 4');

    await v.page.keyboard.press('ArrowRight');
    expect(await counter(v.page)).toBe('1 / 4');
    await v.page.keyboard.press('ArrowLeft');
    await v.page.keyboard.press('ArrowLeft');
    expect(await counter(v.page)).toBe('3 / 4');

    for (let i = 0; i < 5; i++) {
      await v.page.keyboard.press('Tab');
      expect(await isFocusInside(v.page, '[data-viewer]')).toBe(true);
    }

    await v.page.keyboard.press('Escape');
    expect(await isShown(v.page, '[data-viewer]')).toBe(false);
    expect(await focused(v.page)).toContain('data-index="1"');
  });

  it('closes with its close button', async () => {
    const v = await open({ viewport: DESKTOP });
    await v.page.click('a[data-gallery-item][data-index="3"]');
    expect(await counter(v.page)).toBe('4 / 4');
    await v.page.click('[data-viewer-close]');
    expect(await isShown(v.page, '[data-viewer]')).toBe(false);
    expect(await focused(v.page)).toContain('data-index="3"');
  });
});

describe('sections fading in at 390 px', () => {
  const sections = (page: Page) =>
    page.$$eval('section[data-reveal]', (elements) =>
      elements.map((section) => ({
        below: section.getBoundingClientRect().top >= innerHeight,
        pending: section.classList.contains('reveal-pending'),
        revealed: section.classList.contains('is-revealed'),
      })),
    );

  it('hides only sections below the fold without any interaction, and shows each when it scrolls into view', async () => {
    // No answer to the banner: nothing but the scroll below touches the page.
    const v = await visitPage('/', { viewport: MOBILE });
    const initial = await sections(v.page);
    expect(initial.length).toBeGreaterThanOrEqual(2);
    expect(initial.some((section) => section.below)).toBe(true);
    for (const section of initial) expect(section.pending).toBe(section.below);

    const target = initial.findIndex((section) => section.below);
    await v.page.$$eval(
      'section[data-reveal]',
      (elements, target) => elements[target]!.scrollIntoView({ behavior: 'instant', block: 'center' }),
      target,
    );
    await v.page.waitForFunction(
      (target) => document.querySelectorAll('section[data-reveal]')[target]?.classList.contains('is-revealed'),
      { timeout: 3000 },
      target,
    );
    // Fully opaque once the fade has run.
    await v.page.waitForFunction(
      (target) => getComputedStyle(document.querySelectorAll('section[data-reveal]')[target]!).opacity === '1',
      { timeout: 3000 },
      target,
    );
  });

  it('leaves every section as it is when the visitor prefers reduced motion', async () => {
    const v = await open({ viewport: MOBILE, reducedMotion: true });
    const initial = await sections(v.page);
    expect(initial.some((section) => section.below)).toBe(true);
    expect(initial.filter((section) => section.pending || section.revealed)).toEqual([]);
    await v.page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const opacities = await v.page.$$eval('section[data-reveal]', (elements) =>
      elements.map((section) => getComputedStyle(section).opacity),
    );
    expect(opacities.every((opacity) => opacity === '1')).toBe(true);
    // Nothing runs a transition or an animation on the way down.
    expect(await v.page.evaluate(() => document.getAnimations().map((animation) => (animation.effect as KeyframeEffect | null)?.target?.tagName))).toEqual([]);
  });
});

describe('trust cards at 1280 px', () => {
  it('show their tooltip on hover and on keyboard focus', async () => {
    const v = await open({ viewport: DESKTOP });
    const tooltip = '#trust-tip-0';
    expect(await isShown(v.page, tooltip)).toBe(false);
    await v.page.hover('a.trust-card');
    expect(await settlesShown(v.page, tooltip, true)).toBe(true);
    await v.page.mouse.move(0, 0);
    expect(await settlesShown(v.page, tooltip, false)).toBe(false);
    await v.page.focus('a.trust-card');
    expect(await settlesShown(v.page, tooltip, true)).toBe(true);
  });
});
