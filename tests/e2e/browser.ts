// Opening a page the way a visitor would: a fresh browser context (own storage), a phone or a
// desktop viewport, and a record of the console and of every request that left the page.
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium, type LaunchedBrowser } from '../../scripts/lib/chromium.ts';
import type { Browser, BrowserContext, HTTPRequest, Page, Viewport } from 'puppeteer';

export const MOBILE: Viewport = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

export interface VisitOptions {
  viewport?: Viewport;
  javaScript?: boolean;
  reducedMotion?: boolean;
  /** Runs before the first navigation: request interception, scripts for every new document. */
  prepare?: (page: Page) => Promise<void>;
  /**
   * What opening the page waits for: the page script started (the default, for a page without
   * JavaScript the load event), the load event, or the first paint only (for a test that holds
   * the stylesheet or the page script back: the load event waits for the stylesheet).
   */
  until?: 'script' | 'load' | 'paint';
}

export interface Visit {
  page: Page;
  context: BrowserContext;
  /** console.warn texts, console.error texts and uncaught exceptions, in order. */
  warnings: string[];
  errors: string[];
  /** Every URL the page requested, including ones that failed or were answered locally. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Resolves once the page script runs: client/boot.ts imports it right after the first paint, by
 * itself, so a test that acts like a visitor right after `load` waits for it. Pages without it
 * resolve at once.
 */
export async function clientStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('script[data-page-script]') || (window as { __siteClientStarted?: boolean }).__siteClientStarted === true, { timeout: 10_000 });
}

/** A navigation the test starts (goto, reload, a click on a link), then the page script started. */
async function arrive(page: Page, navigation: Promise<unknown>): Promise<void> {
  await navigation;
  await clientStarted(page);
}

/** Opens a path or URL, relative to the page's current one, in the same tab. */
export function goTo(page: Page, url: string): Promise<void> {
  const base = page.url().startsWith('http') ? page.url() : baseUrl();
  return arrive(page, page.goto(new URL(url, base).href, { waitUntil: 'load' }));
}

export function reload(page: Page): Promise<void> {
  return arrive(page, page.reload({ waitUntil: 'load' }));
}

/** Clicks what the selector finds and waits for the page it leads to. */
export function follow(page: Page, selector: string): Promise<void> {
  return arrive(page, Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]));
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function visit(browser: Browser, url: string, options: VisitOptions = {}): Promise<Visit> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const warnings: string[] = [];
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warn') warnings.push(message.text());
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('request', (request: HTTPRequest) => requests.push(request.url()));
  await page.setViewport(options.viewport ?? MOBILE);
  if (options.javaScript === false) await page.setJavaScriptEnabled(false);
  await page.emulateMediaFeatures([
    { name: 'prefers-reduced-motion', value: options.reducedMotion ? 'reduce' : 'no-preference' },
  ]);
  await options.prepare?.(page);
  const until = options.until ?? 'script';
  await page.goto(new URL(url, baseUrl()).href, { waitUntil: until === 'paint' ? 'domcontentloaded' : 'load' });
  if (until === 'paint') await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, { timeout: 10_000, polling: 'raf' });
  if (options.javaScript !== false && until === 'script') await clientStarted(page);
  return { page, context, warnings, errors, requests, close: () => context.close() };
}

/**
 * One Chromium for the whole run of a vitest worker: the test files share their worker's modules
 * (`isolate: false`, vitest.config.ts), so the first file starts it and the others reuse it, which
 * saves about 0.6 s of starting and closing per file. Every visit opens its own browser context
 * (own cookies and storage), so no file sees another's state. Puppeteer closes Chromium when the
 * worker exits; the profile folder goes with it.
 */
let sharedChromium: Promise<LaunchedBrowser> | undefined;

function chromiumOfThisWorker(): Promise<LaunchedBrowser> {
  if (!sharedChromium) {
    const starting = launchChromium();
    sharedChromium = starting;
    void starting.then((chromium) => {
      process.once('exit', () => {
        try {
          chromium.removeProfile();
        } catch {
          // Chromium, killed a moment ago, may still be writing there; the folder is in tmp.
        }
      });
      chromium.browser.once('disconnected', () => {
        if (sharedChromium === starting) sharedChromium = undefined;
      });
    }, () => {
      if (sharedChromium === starting) sharedChromium = undefined;
    });
  }
  return sharedChromium;
}

/**
 * The worker's Chromium for a test file. The returned function opens a page as `visit` does and
 * closes the previous one, so a file keeps at most one page open at a time, and none once it ends.
 */
export function useBrowser(defaults: VisitOptions = {}): (url?: string, options?: VisitOptions) => Promise<Visit> {
  let chromium: LaunchedBrowser | undefined;
  let current: Visit | undefined;
  beforeAll(async () => {
    chromium = await chromiumOfThisWorker();
  });
  afterAll(async () => {
    await current?.close();
  });
  return async (url = '/', options = {}) => {
    await current?.close();
    if (!chromium) throw new Error('useBrowser(): the browser is not started yet; call it at the top of the test file.');
    current = await visit(chromium.browser, url, { ...defaults, ...options });
    return current;
  };
}

/** True when the element is rendered, not `visibility: hidden` and not fully transparent. */
export function isShown(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) =>
    element.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
  );
}

/** Waits (up to 2 s, for CSS transitions) until the element is shown or hidden as expected. */
export async function settlesShown(page: Page, selector: string, expected: boolean): Promise<boolean> {
  try {
    await page.waitForFunction(
      (selector, expected) =>
        document.querySelector(selector)?.checkVisibility({ visibilityProperty: true, opacityProperty: true }) === expected,
      { timeout: 2000, polling: 50 },
      selector,
      expected,
    );
    return expected;
  } catch {
    return !expected;
  }
}

/** Scrolls instantly (ignoring CSS smooth scrolling) and lets scroll handlers run. */
export async function scrollToRatio(page: Page, ratio: number): Promise<void> {
  await page.evaluate((ratio) => {
    const top = ratio * (document.documentElement.scrollHeight - innerHeight);
    scrollTo({ top, behavior: 'instant' });
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, ratio);
}

export function hasClass(page: Page, selector: string, name: string): Promise<boolean> {
  return page.$eval(selector, (element, name) => element.classList.contains(name), name);
}

/** The element that has focus, described by a selector-like string for readable failures. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const attributes = [...active.attributes]
      .filter((attribute) => attribute.name.startsWith('data-') || ['id', 'href', 'class'].includes(attribute.name))
      .map((attribute) => `[${attribute.name}${attribute.value ? `="${attribute.value}"` : ''}]`);
    return active.tagName.toLowerCase() + attributes.join('');
  });
}

export function isFocusInside(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (container) => container.contains(document.activeElement) && document.activeElement !== document.body);
}

/** Waits until the whole stylesheet applies to the screen (client/boot.ts asks for it as a stylesheet for print first). */
export function stylesheetApplied(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.sheet && matchMedia(link.media || 'all').matches),
    { timeout: 10_000 },
  );
}

/** The dataLayer as plain arrays (gtag pushes Arguments objects). */
export function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) =>
      JSON.parse(JSON.stringify(Array.from(entry))),
    ),
  );
}
