// What the contact tests need around a page: a stored consent choice, control over POST
// /api/contact (pass, hold, drop), Google answered locally, and readers for toasts and fields.
import type { HTTPRequest, Page } from 'puppeteer';

export type Variant = 'home' | 'kontakt';
export type ApiMode = 'pass' | 'delay' | 'abort';

/** How the next POST /api/contact is treated, every one the page sent, and the server's relayed answers. */
export interface ContactApi {
  mode: ApiMode;
  posts: HTTPRequest[];
  answers: { status: number; body: unknown }[];
  /** Requests that tried to reach a Google host (all answered locally or dropped). */
  toGoogle: string[];
}

export const API_DELAY_MS = 500;

export function contactApi(): ContactApi {
  return { mode: 'pass', posts: [], answers: [], toGoogle: [] };
}

export const isContactPost = (url: string) => new URL(url).pathname === '/api/contact';

/** Stores the consent choice before any script runs, so the banner never covers the form. */
export async function storeConsent(page: Page, choice: 'all' | 'necessary'): Promise<void> {
  await page.evaluateOnNewDocument((choice) => localStorage.setItem('cookie-consent', choice), choice);
}

/** Intercepts requests: /api/contact as `api.mode` says, Google with an empty gtag.js, the rest unchanged. */
export async function interceptRequests(page: Page, api: ContactApi): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isContactPost(request.url())) {
      api.posts.push(request);
      if (api.mode === 'abort') void request.abort('failed');
      else if (api.mode === 'delay') void relaySlowly(request, api);
      else void request.continue();
    } else if (/google|doubleclick/.test(url.hostname)) {
      api.toGoogle.push(request.url());
      // An empty gtag.js: the queue stays a plain array the test reads, and nothing leaves.
      if (url.pathname === '/gtag/js') void request.respond({ status: 200, contentType: 'text/javascript', body: '' });
      else void request.abort();
    } else {
      void request.continue();
    }
  });
}

/**
 * Sends the page's request to the real server from here and hands its answer back after
 * API_DELAY_MS. The island never reads the body of a 201 answer, so Chromium never finishes
 * loading it and puppeteer cannot read it; relaying lets the test see the server's answer.
 */
async function relaySlowly(request: HTTPRequest, api: ContactApi): Promise<void> {
  const held = new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
  const headers = request.headers();
  try {
    const response = await fetch(request.url(), {
      method: request.method(),
      headers: { 'content-type': headers['content-type'] ?? '', accept: headers['accept'] ?? '' },
      body: request.postData() ?? null,
    });
    const body = await response.text();
    api.answers.push({ status: response.status, body: JSON.parse(body) as unknown });
    await held;
    await request.respond({ status: response.status, contentType: response.headers.get('content-type') ?? undefined, body });
  } catch (error) {
    // Visible in the test as a missing answer, never as a request left hanging.
    api.answers.push({ status: 0, body: String(error) });
    await request.abort('failed');
  }
}

/** Wakes the contact form island the way a visitor does (focus) and waits until React owns it. */
export async function wakeContactForm(page: Page, variant: Variant): Promise<void> {
  await page.focus(`#${variant}-contact-name`);
  await page.waitForSelector('[data-island="contact-form"][data-island-ready]');
  await page.waitForSelector(`[data-island="contact-form"] form[data-contact-form="${variant}"][novalidate]`);
}

/** Clicks an element in the middle of the screen, clear of the phone's fixed call button. */
export async function tap(page: Page, selector: string): Promise<void> {
  await page.$eval(selector, (element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.click(selector);
}

export const fieldSelector = (variant: Variant, field: string) => `#${variant}-contact-${field}`;
export const submitSelector = (variant: Variant) => `form[data-contact-form="${variant}"] button[type="submit"]`;

export interface Entry {
  name?: string;
  email?: string;
  phone?: string;
  message?: string;
}

export async function fill(page: Page, variant: Variant, entry: Entry): Promise<void> {
  for (const [field, value] of Object.entries(entry)) {
    if (value) await page.type(fieldSelector(variant, field), value);
  }
}

export async function setConsentBox(page: Page, variant: Variant, ticked: boolean): Promise<void> {
  const selector = fieldSelector(variant, 'privacy');
  if ((await page.$eval(selector, (box) => (box as HTMLInputElement).checked)) !== ticked) await tap(page, selector);
}

/** The form as the visitor sees it: field values and the consent box. */
export function formState(page: Page, variant: Variant) {
  return page.$eval(
    `form[data-contact-form="${variant}"]`,
    (form) => {
      const value = (name: string) => (form.querySelector(`[name="${name}"]`) as HTMLInputElement).value;
      const privacy = (form.querySelector('[name="privacy"]') as HTMLInputElement).checked;
      return { name: value('name'), email: value('email'), phone: value('phone'), message: value('message'), privacy };
    },
  );
}

export function submitButton(page: Page, variant: Variant) {
  return page.$eval(submitSelector(variant), (button) => ({
    text: button.textContent,
    disabled: (button as HTMLButtonElement).disabled,
  }));
}

export interface ShownToast {
  title: string | null;
  text: string | null;
  kind: string | undefined;
  shown: boolean;
}

/** The newest toast of the contact form, or null. */
export function lastToast(page: Page): Promise<ShownToast | null> {
  return page.evaluate(() => {
    const toasts = document.querySelectorAll<HTMLElement>('[data-island="contact-form"] .toaster .toast');
    const toast = toasts[toasts.length - 1];
    if (!toast) return null;
    return {
      title: toast.querySelector('.toast-title')!.textContent,
      text: toast.querySelector('.toast-text')!.textContent,
      kind: toast.dataset.toast,
      shown: toast.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
    };
  });
}

/** The German message under a field, its aria-invalid, and whether it has focus. */
export function fieldError(page: Page, inputSelector: string) {
  return page.$eval(inputSelector, (input) => {
    const describedBy = input.getAttribute('aria-describedby');
    return {
      message: describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null,
      invalid: input.getAttribute('aria-invalid'),
      focused: document.activeElement === input,
    };
  });
}
