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

export function init(root: ParentNode = document): void {
  if (!defaulted) {
    defaulted = true;
    gtag('consent', 'default', { ...signals('denied'), wait_for_update: 500 });
    const stored = consent();
    if (stored) apply(stored);
  }

  const banner = root.querySelector<HTMLElement>('[data-consent]');
  if (!banner || bound) return;
  bound = true;
  const simple = banner.querySelector<HTMLElement>('[data-consent-simple]');
  const details = banner.querySelector<HTMLElement>('[data-consent-details]');
  const settings = banner.querySelector<HTMLElement>('[data-consent-settings]');
  const opener = root.querySelector<HTMLElement>('[data-consent-open]');
  let returnFocus: HTMLElement | null = null;

  // Measured at once on every change below, and by an observer when the banner's size changes (a
  // turned phone): client/boot.ts started one when no choice was stored, this one starts it otherwise.
  const measure = () => measureConsentHeight(banner);
  if (consent()) followConsentHeight(banner);

  const showView = (detailed: boolean) => {
    if (simple) simple.hidden = detailed;
    if (details) details.hidden = !detailed;
    settings?.setAttribute('aria-expanded', String(detailed));
    measure();
  };
  const show = (focus: boolean) => {
    showView(false);
    banner.hidden = false;
    measure();
    if (focus) banner.querySelector<HTMLElement>('[data-consent-accept]')?.focus();
  };
  const choose = (choice: Consent) => {
    try {
      localStorage.setItem(KEY, choice);
    } catch (error) {
      console.warn('The consent choice could not be stored (storage blocked); the banner will ask again on the next page.', error);
    }
    apply(choice);
    const hadFocus = banner.contains(document.activeElement);
    banner.hidden = true;
    measure();
    if (hadFocus && returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
    returnFocus = null;
  };

  const on = (within: ParentNode, selector: string, handler: () => void) => {
    for (const button of within.querySelectorAll(selector)) button.addEventListener('click', handler);
  };
  const bind = (within: ParentNode) => {
    on(within, '[data-consent-accept]', () => choose('all'));
    on(within, '[data-consent-necessary]', () => choose('necessary'));
    on(within, '[data-consent-close]', () => {
      showView(false);
      settings?.focus({ preventScroll: true });
    });
  };
  bind(banner);
  // The settings come from their own file the first time they are opened (templates/layout/ConsentBanner.tsx).
  let loading: Promise<boolean> | null = null;
  const loadDetails = (): Promise<boolean> => {
    const source = settings?.dataset.consentDetailsSrc;
    if (!details || details.firstElementChild || !source) return Promise.resolve(Boolean(details?.firstElementChild));
    loading ??= fetch(source)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${source}: ${response.status}`))))
      .then((html) => {
        details.innerHTML = html;
        bind(details);
        return true;
      })
      .catch((error: unknown) => {
        loading = null;
        console.warn('The cookie settings could not be loaded; the choice in the banner still works.', error);
        return false;
      });
    return loading;
  };
  on(banner, '[data-consent-settings]', () => {
    void loadDetails().then((loaded) => {
      if (!loaded) return;
      showView(true);
      details?.querySelector<HTMLElement>('button, a[href], input')?.focus();
    });
  });

  if (opener) {
    opener.hidden = false;
    opener.addEventListener('click', () => {
      returnFocus = opener;
      show(true);
    });
  }

  if (consent()) {
    banner.hidden = true;
    measure();
  } else {
    // Not focused on load: stealing focus from the page would strand keyboard and screen-reader users.
    show(false);
  }
}
