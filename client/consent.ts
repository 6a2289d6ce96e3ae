// Google Consent Mode v2 and the cookie banner. Defaults are denied until the visitor chooses;
// gtag.js is requested only after 'Alle akzeptieren' and only when an id is configured.
import { followConsentHeight, measureConsentHeight } from './consent-height.ts';
import { analyticsIds, gtag, loadGtag } from './gtag.ts';

export type Consent = 'all' | 'necessary';

const KEY = 'cookie-consent';
const SIGNALS = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'] as const;

let defaulted = false;
let bound = false;

function signals(state: 'granted' | 'denied'): Record<string, string> {
  return Object.fromEntries(SIGNALS.map((signal) => [signal, state]));
}

/** The stored choice, or null before the visitor decided (or when storage is blocked); client/boot.ts reads it too, to show the banner at the first paint. */
export function consent(): Consent | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'all' || value === 'necessary' ? value : null;
  } catch {
    return null;
  }
}

function apply(choice: Consent): void {
  gtag('consent', 'update', signals(choice === 'all' ? 'granted' : 'denied'));
  if (choice === 'all') loadGtag(analyticsIds());
}

/** The banner once bound: its two views, the choice, and the settings loaded on demand. */
class Banner {
  private readonly simple: HTMLElement | null;
  private readonly details: HTMLElement | null;
  readonly settings: HTMLElement | null;
  /** Where the focus goes back after a choice made from the footer's "Cookie-Einstellungen". */
  returnFocus: HTMLElement | null = null;
  private loading: Promise<boolean> | null = null;

  constructor(readonly element: HTMLElement) {
    this.simple = element.querySelector<HTMLElement>('[data-consent-simple]');
    this.details = element.querySelector<HTMLElement>('[data-consent-details]');
    this.settings = element.querySelector<HTMLElement>('[data-consent-settings]');
  }

  measure(): void {
    measureConsentHeight(this.element);
  }

  showView(detailed: boolean): void {
    if (this.simple) this.simple.hidden = detailed;
    if (this.details) this.details.hidden = !detailed;
    this.settings?.setAttribute('aria-expanded', String(detailed));
    this.measure();
  }

  show(focus: boolean): void {
    this.showView(false);
    this.element.hidden = false;
    this.measure();
    if (focus) this.element.querySelector<HTMLElement>('[data-consent-accept]')?.focus();
  }

  choose(choice: Consent): void {
    try {
      localStorage.setItem(KEY, choice);
    } catch (error) {
      console.warn('The consent choice could not be stored (storage blocked); the banner will ask again on the next page.', error);
    }
    apply(choice);
    const hadFocus = this.element.contains(document.activeElement);
    this.element.hidden = true;
    this.measure();
    if (hadFocus && this.returnFocus?.isConnected) this.returnFocus.focus({ preventScroll: true });
    this.returnFocus = null;
  }

  /** The choice buttons and the close button of `within` (the banner, or the settings once loaded). */
  bind(within: ParentNode): void {
    on(within, '[data-consent-accept]', () => this.choose('all'));
    on(within, '[data-consent-necessary]', () => this.choose('necessary'));
    on(within, '[data-consent-close]', () => {
      this.showView(false);
      this.settings?.focus({ preventScroll: true });
    });
  }

  /** The settings come from their own file the first time they are opened (templates/layout/ConsentBanner.tsx). */
  private loadDetails(): Promise<boolean> {
    const { details } = this;
    const source = this.settings?.dataset.consentDetailsSrc;
    if (!details || details.firstElementChild || !source) return Promise.resolve(Boolean(details?.firstElementChild));
    this.loading ??= fetch(source)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${source}: ${response.status}`))))
      .then((html) => {
        details.innerHTML = html;
        this.bind(details);
        return true;
      })
      .catch((error: unknown) => {
        this.loading = null;
        console.warn('The cookie settings could not be loaded; the choice in the banner still works.', error);
        return false;
      });
    return this.loading;
  }

  openSettings(): void {
    void this.loadDetails().then((loaded) => {
      if (!loaded) return;
      this.showView(true);
      this.details?.querySelector<HTMLElement>('button, a[href], input')?.focus();
    });
  }
}

function on(within: ParentNode, selector: string, handler: () => void): void {
  for (const button of within.querySelectorAll(selector)) button.addEventListener('click', handler);
}

export function initConsent(root: ParentNode = document): void {
  if (!defaulted) {
    defaulted = true;
    gtag('consent', 'default', { ...signals('denied'), wait_for_update: 500 });
    const stored = consent();
    if (stored) apply(stored);
  }
  const element = root.querySelector<HTMLElement>('[data-consent]');
  if (!element || bound) return;
  bound = true;
  const banner = new Banner(element);
  // Measured at once on every change, and by an observer when the banner's size changes (a turned
  // phone): client/boot.ts started one when no choice was stored, this one starts it otherwise.
  if (consent()) followConsentHeight(element);
  banner.bind(element);
  on(element, '[data-consent-settings]', () => banner.openSettings());
  const opener = root.querySelector<HTMLElement>('[data-consent-open]');
  if (opener) {
    opener.hidden = false;
    opener.addEventListener('click', () => {
      banner.returnFocus = opener;
      banner.show(true);
    });
  }
  if (consent()) {
    element.hidden = true;
    banner.measure();
  } else {
    // Not focused on load: stealing focus from the page would strand keyboard and screen-reader users.
    banner.show(false);
  }
}
