// The Google tag queue. gtag.js reads `window.dataLayer` when it arrives, so everything pushed
// before (consent defaults, config, events) is processed in order once it loads.

declare global {
  interface Window {
    dataLayer: unknown[];
    gtag: (...args: unknown[]) => void;
  }
}

export interface AnalyticsIds {
  gaId?: string;
  adsId?: string;
  adsCallLabel?: string;
  adsContactLabel?: string;
}

const GTAG_URL = 'https://www.googletagmanager.com/gtag/js?id=';

let scriptState: 'none' | 'requested' | 'failed' = 'none';

/** The ids the build wrote onto <body>; absent attributes mean "not configured". */
export function analyticsIds(body: HTMLElement | null = document.body): AnalyticsIds {
  const data = body?.dataset ?? {};
  return {
    gaId: data.gaId || undefined,
    adsId: data.adsId || undefined,
    adsCallLabel: data.adsCallLabel || undefined,
    adsContactLabel: data.adsContactLabel || undefined,
  };
}

export function hasAnalyticsId(ids: AnalyticsIds = analyticsIds()): boolean {
  return Boolean(ids.gaId || ids.adsId);
}

/** Defines the queue and `gtag` once; a gtag defined earlier (e.g. inline) is kept. */
export function gtag(...args: unknown[]): void {
  window.dataLayer = window.dataLayer || [];
  if (typeof window.gtag !== 'function') {
    // gtag.js only understands Arguments objects in the queue, not arrays: hence `arguments` in a
    // plain function here, not rest parameters.
    window.gtag = function () {
      window.dataLayer.push(arguments);
    };
  }
  window.gtag(...args);
}

/** Requests gtag.js once and configures every configured id; without an id nothing loads. */
export function loadGtag(ids: AnalyticsIds = analyticsIds()): void {
  const first = ids.gaId || ids.adsId;
  if (!first || scriptState !== 'none' || document.querySelector(`script[src^="${GTAG_URL}"]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = GTAG_URL + encodeURIComponent(first);
  script.addEventListener('error', () => {
    scriptState = 'failed';
    console.warn(`Google tag could not be loaded from ${script.src} (blocked or offline); analytics events are skipped.`);
  });
  document.head.append(script);
  scriptState = 'requested';
  gtag('js', new Date());
  for (const id of [ids.gaId, ids.adsId]) if (id) gtag('config', id);
}

export function gtagLoaded(): boolean {
  return scriptState === 'requested' && typeof window.gtag === 'function';
}
