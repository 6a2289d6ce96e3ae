// The one way analytics events leave the page. Nothing is sent unless an id is configured, the
// visitor chose 'all' and gtag.js was requested; a failure never reaches the visitor.
import { consent } from './consent.ts';
import { analyticsIds, gtag, gtagLoaded, hasAnalyticsId } from './gtag.ts';
import { heldClicks } from './held-clicks.ts';

export type TrackParams = Record<string, string | number | boolean | undefined>;

declare global {
  interface Window {
    __trackingBound?: boolean;
  }
}

export function analyticsAvailable(): boolean {
  return hasAnalyticsId() && consent() === 'all' && gtagLoaded();
}

export function track(event: string, params: TrackParams = {}): void {
  try {
    if (!analyticsAvailable()) return;
    gtag('event', event, params);
  } catch (error) {
    console.warn(`Analytics event "${event}" could not be sent.`, error);
  }
}

export function trackServiceToggle(serviceName: string, expanded: boolean): void {
  track('service_expand_toggle', { service_name: serviceName, expanded });
}

export function trackCallClick(slogan: string): void {
  track('call_click', { slogan });
}

export function trackFaqToggle(question: string): void {
  track('faq_toggle', { faq_question: question });
}

export function trackFormSubmit(formName = 'contact_form'): void {
  track('form_submit', { form_name: formName });
}

/** The contact form's outcome; a success also counts as an ads conversion. */
export function trackContactResult(result: 'success' | 'error'): void {
  track('form_submit_contact', { result });
  const { adsId, adsContactLabel } = analyticsIds();
  if (result === 'success' && adsId && adsContactLabel) {
    track('conversion', { send_to: `${adsId}/${adsContactLabel}` });
  }
}

function trackCallConversion(link: HTMLAnchorElement): void {
  const { adsId, adsCallLabel } = analyticsIds();
  if (!adsId || !adsCallLabel) return;
  track('conversion', {
    send_to: `${adsId}/${adsCallLabel}`,
    phone_number: decodeURIComponent(link.getAttribute('href')!.slice(4)),
  });
}

function onTrackedClick(event: MouseEvent): void {
  if (event.target instanceof Element) trackClickOn(event.target);
}

function trackClickOn(target: Element): void {
  const tracked = target.closest<HTMLElement>('[data-track]');
  const location = tracked?.dataset.trackLocation;
  switch (tracked?.dataset.track) {
    case 'call':
      track('cta_click_call', {
        location,
        link_url: tracked.getAttribute('href') ?? undefined,
        page_title: tracked.dataset.trackPageTitle,
      });
      break;
    case 'whatsapp':
      track('cta_click_whatsapp', { location });
      break;
    case 'review':
      track('review_click');
      break;
  }

  const nav = target.closest<HTMLElement>('[data-nav]');
  if (nav) track('nav_click', { menu_item: nav.dataset.nav });

  const tel = target.closest<HTMLAnchorElement>('a[href^="tel:"]');
  if (tel) trackCallConversion(tel);
}

export function initTracking(_root: ParentNode = document): void {
  // Guarded on window, not in module scope: a second copy of the bundle must not double-count.
  if (window.__trackingBound) return;
  window.__trackingBound = true;
  // Capture phase: the drawer and the gallery stop or prevent clicks, tracking still sees them.
  document.addEventListener('click', onTrackedClick, { capture: true });
  // Clicks made before this script ran (client/boot.ts), counted now; consent is applied already (client/main.ts).
  for (const target of heldClicks()) trackClickOn(target);
}
