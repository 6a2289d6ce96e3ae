// The contact form in both variants (home page A, /kontakt B) and the address selector, in real
// Chromium against the real server: German validation, sending state, toasts, a plain form post
// without JavaScript, and the analytics events of a send.
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../core/forms/contact.ts';
import { ADDRESS_MESSAGES } from '../../core/forms/address.ts';
import { MESSAGES } from '../support/server-files.ts';
import { MOBILE, dataLayer, focused, type Visit, useBrowser } from './browser.ts';
import {
  contactApi,
  fieldError,
  fieldSelector,
  fill,
  formState,
  interceptRequests,
  isContactPost,
  lastToast,
  setConsentBox,
  storeConsent,
  submitButton,
  submitSelector,
  tap,
  wakeContactForm,
  type ContactApi,
} from './contact-helpers.ts';
import { serveBuiltSite, type ServedSite } from './site.ts';

const visitPage = useBrowser({ viewport: MOBILE });
let api: ContactApi;

async function open(url: string, consent: 'all' | 'necessary' = 'necessary'): Promise<Visit> {
  api = contactApi();
  return visitPage(url, {
    prepare: async (page) => {
      await storeConsent(page, consent);
      await interceptRequests(page, api);
    },
  });
}

const KONTAKT = { name: 'Erika Mustermann', phone: '0201 1234567', message: 'Tür zugefallen, Schlüssel steckt innen.' };
const HOME = { name: 'Max Müller', email: 'max@example.de', message: 'Bitte um Rückruf wegen Schlosswechsel.' };
const KONTAKT_TOASTS = {
  consent: { title: 'Datenschutz', text: 'Bitte bestätigen Sie, dass Sie die Datenschutzhinweise gelesen haben.' },
  success: { title: 'Nachricht gesendet!', text: 'Vielen Dank für Ihre Nachricht. Wir melden uns schnellstmöglich bei Ihnen.' },
  failure: { title: 'Fehler', text: 'Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut oder rufen Sie uns direkt an.' },
};
const HOME_TOASTS = {
  consent: { title: 'Datenschutz', text: 'Bitte bestätigen Sie, dass Sie die Datenschutzerklärung gelesen haben.' },
  success: { title: 'Nachricht gesendet!', text: 'Wir melden uns schnellstmöglich bei Ihnen zurück.' },
  failure: { title: 'Fehler beim Senden', text: 'Bitte versuchen Sie es erneut oder rufen Sie uns direkt an.' },
};
const IDLE = { text: 'Nachricht senden', disabled: false };
const EMPTY = { name: '', email: '', phone: '', message: '', privacy: false };

const contactRequests = (v: Visit) => v.requests.filter(isContactPost);
const expectToast = (page: Page, toast: { title: string; text: string }, kind = 'destructive') =>
  expect.poll(() => lastToast(page), { timeout: 3000 }).toEqual({ ...toast, kind, shown: true });

describe('/kontakt (variant B) on a phone', () => {
  it('asks for consent without sending, then sends: pending button, success toast, empty form', async () => {
    const v = await open('/kontakt');
    const { page } = v;
    await wakeContactForm(page, 'kontakt');
    await fill(page, 'kontakt', KONTAKT);
    await tap(page, submitSelector('kontakt'));
    await expectToast(page, KONTAKT_TOASTS.consent);
    expect(contactRequests(v)).toEqual([]);

    await setConsentBox(page, 'kontakt', true);
    api.mode = 'delay';
    await tap(page, submitSelector('kontakt'));
    await expect.poll(() => submitButton(page, 'kontakt')).toEqual({ text: 'Wird gesendet...', disabled: true });

    await expectToast(page, KONTAKT_TOASTS.success, 'default');
    expect(api.posts).toHaveLength(1);
    expect(JSON.parse(api.posts[0]!.postData()!)).toEqual({ form: 'kontakt', ...KONTAKT, email: '', website: '', privacy: true });
    // The server stored it: 201 with the row's id.
    expect(api.answers).toEqual([{ status: 201, body: { ok: true, id: expect.any(Number) } }]);
    expect(await formState(page, 'kontakt')).toEqual(EMPTY);
    expect(await submitButton(page, 'kontakt')).toEqual(IDLE);
  });

  it('keeps what was entered when the connection drops, with a destructive error toast', async () => {
    const { page } = await open('/kontakt');
    await wakeContactForm(page, 'kontakt');
    await fill(page, 'kontakt', { ...KONTAKT, email: 'erika@example.de' });
    await setConsentBox(page, 'kontakt', true);
    api.mode = 'abort';
    await tap(page, submitSelector('kontakt'));

    await expectToast(page, KONTAKT_TOASTS.failure);
    expect(api.posts).toHaveLength(1);
    expect(await formState(page, 'kontakt')).toEqual({ ...KONTAKT, email: 'erika@example.de', privacy: true });
    expect(await submitButton(page, 'kontakt')).toEqual(IDLE);
  });

  it('shows the German message under an empty phone field, focuses it and sends nothing; typing clears it', async () => {
    const v = await open('/kontakt');
    const { page } = v;
    await wakeContactForm(page, 'kontakt');
    await fill(page, 'kontakt', { name: KONTAKT.name, message: KONTAKT.message });
    await setConsentBox(page, 'kontakt', true);
    await tap(page, submitSelector('kontakt'));

    const phone = fieldSelector('kontakt', 'phone');
    await expect.poll(() => fieldError(page, phone)).toEqual({ message: CONTACT_MESSAGES.phoneRequired, invalid: 'true', focused: true });
    expect(await lastToast(page)).toBeNull();
    expect(contactRequests(v)).toEqual([]);

    await page.type(phone, '0');
    await expect.poll(() => fieldError(page, phone)).toEqual({ message: null, invalid: null, focused: true });
    expect(await page.$(`${fieldSelector('kontakt', 'phone-error')}`)).toBeNull();
  });
});

describe('the home page form (variant A)', () => {
  it('requires e-mail and consent, then sends; a failed send shows its toast and logs an error', async () => {
    const v = await open('/');
    const { page } = v;
    await wakeContactForm(page, 'home');
    await fill(page, 'home', { name: HOME.name, message: HOME.message });
    await setConsentBox(page, 'home', true);
    await tap(page, submitSelector('home'));
    const email = fieldSelector('home', 'email');
    await expect.poll(() => fieldError(page, email)).toEqual({ message: CONTACT_MESSAGES.emailRequired, invalid: 'true', focused: true });

    await page.type(email, HOME.email);
    await setConsentBox(page, 'home', false);
    await tap(page, submitSelector('home'));
    await expectToast(page, HOME_TOASTS.consent);
    expect(contactRequests(v)).toEqual([]);

    await setConsentBox(page, 'home', true);
    const answer = page.waitForResponse((response) => isContactPost(response.url()));
    await tap(page, submitSelector('home'));
    expect((await answer).status()).toBe(201);
    await expectToast(page, HOME_TOASTS.success, 'default');
    expect(await formState(page, 'home')).toEqual(EMPTY);
    expect(JSON.parse(api.posts[0]!.postData()!)).toEqual({ form: 'home', ...HOME, phone: '', website: '', privacy: true });

    await fill(page, 'home', HOME);
    await setConsentBox(page, 'home', true);
    api.mode = 'abort';
    await tap(page, submitSelector('home'));
    await expectToast(page, HOME_TOASTS.failure);
    expect(await formState(page, 'home')).toEqual({ ...HOME, phone: '', privacy: true });
    expect(v.errors.filter((error) => error.includes('The contact message could not be sent.'))).toHaveLength(1);
  });
});

describe('/kontakt while the form takes no more messages (the overall cap, server/contact/cap.ts)', () => {
  let capped: ServedSite;
  beforeAll(async () => {
    // The run's build, served by a second server that takes one message an hour from everyone.
    capped = await serveBuiltSite({ distDir: inject('distDir'), features: { contactPerHour: 1 } });
  });
  afterAll(async () => {
    await capped?.close();
  });

  it("shows the server's own words with the phone number instead of the general failure, and keeps what was entered", async () => {
    const v = await open(new URL('/kontakt', capped.url).href);
    const { page } = v;
    await wakeContactForm(page, 'kontakt');
    await fill(page, 'kontakt', KONTAKT);
    await setConsentBox(page, 'kontakt', true);
    await tap(page, submitSelector('kontakt'));
    await expectToast(page, KONTAKT_TOASTS.success, 'default');
    await fill(page, 'kontakt', KONTAKT);
    await setConsentBox(page, 'kontakt', true);
    await tap(page, submitSelector('kontakt'));
    await expectToast(page, { title: KONTAKT_TOASTS.failure.title, text: MESSAGES.contact.overCap });
    expect(contactRequests(v)).toHaveLength(2);
    // The built words carry the site's number (data/messages.yaml: {{phone.display}}).
    expect(MESSAGES.contact.overCap).toMatch(/Bitte rufen Sie uns an: \+?[\d ]{6,}\.$/);
    expect(await formState(page, 'kontakt')).toEqual({ ...KONTAKT, email: '', privacy: true });
  });
});

describe('/kontakt without JavaScript', () => {
  it("lets the browser block a send without consent, then posts the form and shows the server's German result page", async () => {
    const v = await visitPage('/kontakt', { javaScript: false });
    const { page } = v;
    await fill(page, 'kontakt', KONTAKT);
    await tap(page, submitSelector('kontakt'));
    expect(new URL(page.url()).pathname).toBe('/kontakt');
    expect(await page.$eval(fieldSelector('kontakt', 'privacy'), (box) => (box as HTMLInputElement).validity.valueMissing)).toBe(true);

    await setConsentBox(page, 'kontakt', true);
    const [response] = await Promise.all([page.waitForNavigation(), tap(page, submitSelector('kontakt'))]);
    expect(response?.status()).toBe(201);
    expect(new URL(page.url()).pathname).toBe('/api/contact');
    expect(await page.$eval('h1', (h1) => h1.textContent)).toBe(MESSAGES.contact.sent.title);
    expect(await page.$eval('main', (main) => main.textContent)).toContain(MESSAGES.contact.sent.text);
    // Had the first click not been blocked, its POST would be in this list too.
    expect(contactRequests(v)).toHaveLength(1);
  });
});

describe('the address selector on /kontakt', () => {
  const address = {
    street: '#address-street',
    apartment: '#address-apartment',
    postalCode: '#address-postalCode',
    city: '#address-city',
    submit: 'form.address-form button[type="submit"]',
  };
  const message = fieldSelector('kontakt', 'message');

  const setValue = (page: Page, selector: string, value: string) =>
    page.$eval(selector, (input, value) => ((input as HTMLInputElement).value = value), value);
  const ready = (page: Page) => page.waitForSelector('[data-island="address-selector"][data-island-ready] form.address-form[novalidate]');

  it('holds a submit made before hydration and replays it: German messages, no navigation, then the address in the message', async () => {
    const v = await open('/kontakt');
    const { page } = v;
    const url = page.url();
    // Filled the way autofill does (no focus, so the island still sleeps); the click is the first interaction.
    await setValue(page, address.street, 'Rüttenscheider Straße 12');
    await setValue(page, address.postalCode, '4512');
    await setValue(page, address.city, 'Essen');
    await tap(page, address.submit);
    await ready(page);
    await expect.poll(() => fieldError(page, address.postalCode)).toEqual({ message: ADDRESS_MESSAGES.postalCodeInvalid, invalid: 'true', focused: true });
    expect(await fieldError(page, address.street)).toMatchObject({ message: null, invalid: null });
    expect(page.url()).toBe(url);

    // Awake, the selector still says nothing of a search or a map that is missing.
    expect(await page.$eval('main', (main) => (main as HTMLElement).innerText)).not.toMatch(/nicht verfügbar/);
    expect(await page.$eval('#address-country', (input) => [(input as HTMLInputElement).value, (input as HTMLInputElement).disabled])).toEqual([
      'Deutschland',
      true,
    ]);

    for (const selector of [address.street, address.postalCode, address.city]) await setValue(page, selector, '');
    await tap(page, address.submit);
    await expect.poll(() => fieldError(page, address.street)).toEqual({ message: ADDRESS_MESSAGES.streetRequired, invalid: 'true', focused: true });
    expect(await fieldError(page, address.postalCode)).toMatchObject({ message: ADDRESS_MESSAGES.postalCodeRequired, invalid: 'true' });
    expect(await fieldError(page, address.city)).toMatchObject({ message: ADDRESS_MESSAGES.cityRequired, invalid: 'true' });
    expect(await fieldError(page, address.apartment)).toMatchObject({ message: null, invalid: null });

    // An earlier address and the visitor's own text are already in the message.
    await page.type(message, 'Einsatzort: Alte Straße 1, 45127 Essen\nTür zugefallen.');
    await page.type(address.street, 'Rüttenscheider Straße 12');
    await page.type(address.apartment, '3. OG links');
    await page.type(address.postalCode, '45130');
    await page.type(address.city, 'Essen');
    await tap(page, address.submit);
    await expect.poll(() => focused(page)).toBe('textarea[id="kontakt-contact-message"]');
    expect(await page.$eval(message, (textarea) => (textarea as HTMLTextAreaElement).value)).toBe(
      'Einsatzort: Rüttenscheider Straße 12, 3. OG links, 45130 Essen\n\nTür zugefallen.',
    );
    for (const selector of [address.street, address.postalCode, address.city]) {
      expect(await fieldError(page, selector)).toMatchObject({ message: null, invalid: null });
    }

    await setValue(page, address.apartment, '');
    await tap(page, address.submit);
    await expect.poll(() => page.$eval(message, (textarea) => (textarea as HTMLTextAreaElement).value)).toBe(
      'Einsatzort: Rüttenscheider Straße 12, 45130 Essen\n\nTür zugefallen.',
    );
    expect(page.url()).toBe(url);
    expect(contactRequests(v)).toEqual([]);
  });

  // Regression: with empty required fields the browser's own validation stopped the first click
  // before any submit event, so nothing was held and only the browser's bubble appeared.
  it('shows the German messages when the very first interaction is a click on an empty form', async () => {
    const { page } = await open('/kontakt');
    const url = page.url();
    await tap(page, address.submit);
    await ready(page);
    await expect.poll(() => fieldError(page, address.street)).toEqual({ message: ADDRESS_MESSAGES.streetRequired, invalid: 'true', focused: true });
    expect(page.url()).toBe(url);
  });
});

describe('analytics of a send, with a GA id configured and consent all', () => {
  const IDS = {
    gaMeasurementId: 'G-E2ETEST01',
    adsId: 'AW-123456789',
    adsCallConversionLabel: 'CallLabel1',
    adsContactConversionLabel: 'ContactLabel1',
  };
  let site: ServedSite;
  beforeAll(async () => {
    site = await serveBuiltSite({ analytics: IDS });
  });
  afterAll(async () => {
    await site?.close();
  });

  const events = async (page: Page, name: string) => (await dataLayer(page)).filter((entry) => entry[0] === 'event' && entry[1] === name);

  it('pushes form_submit and form_submit_contact success (with the contact conversion), then error', async () => {
    const { page } = await open(new URL('/kontakt', site.url).href, 'all');
    await wakeContactForm(page, 'kontakt');
    await fill(page, 'kontakt', KONTAKT);
    await setConsentBox(page, 'kontakt', true);
    await tap(page, submitSelector('kontakt'));
    await expectToast(page, KONTAKT_TOASTS.success, 'default');
    expect(await events(page, 'form_submit')).toEqual([['event', 'form_submit', { form_name: 'contact_form' }]]);
    expect(await events(page, 'form_submit_contact')).toEqual([['event', 'form_submit_contact', { result: 'success' }]]);
    expect(await events(page, 'conversion')).toEqual([['event', 'conversion', { send_to: `${IDS.adsId}/${IDS.adsContactConversionLabel}` }]]);

    await fill(page, 'kontakt', KONTAKT);
    await setConsentBox(page, 'kontakt', true);
    api.mode = 'abort';
    await tap(page, submitSelector('kontakt'));
    await expectToast(page, KONTAKT_TOASTS.failure);
    expect(await events(page, 'form_submit')).toHaveLength(2);
    expect((await events(page, 'form_submit_contact')).map((entry) => entry[2])).toEqual([{ result: 'success' }, { result: 'error' }]);
    expect(await events(page, 'conversion')).toHaveLength(1);
    // Only the stand-in gtag.js was asked for; nothing reached Google.
    expect(api.toGoogle).toEqual([`https://www.googletagmanager.com/gtag/js?id=${IDS.gaMeasurementId}`]);
  });
});
