// The page script: progressive enhancement of server-rendered HTML, loaded by client/boot.ts after
// the first paint. Consent runs first so the Consent Mode defaults precede anything else in the
// dataLayer.
import { initConsent as consent } from './consent.ts';
import { initTracking as tracking } from './tracking.ts';
import { initVisits as visits } from './visits.ts';
import { initDrawer as drawer } from './drawer.ts';
import { initFloating as floating } from './floating.ts';
import { initSlogan as slogan } from './slogan.ts';
import { initAccordions as accordion } from './accordion.ts';
import { initGallery as gallery } from './gallery.ts';
import { initReveal as reveal } from './reveal.ts';
import { initNotFound as notFound } from './not-found.ts';
import { initIslands as islands } from './islands.ts';
import { initMapEmbed as mapEmbed } from './map-embed.ts';

declare global {
  interface Window {
    __siteClientStarted?: boolean;
  }
}

const modules: Record<string, (root?: ParentNode) => void> = {
  consent, tracking, visits, drawer, floating, slogan, accordion, gallery, reveal, notFound, mapEmbed, islands,
};

// A second copy of this bundle on the page (a cached old hash, a template including it twice)
// must not push a second consent default or bind every listener twice.
if (!window.__siteClientStarted) {
  window.__siteClientStarted = true;
  for (const [name, init] of Object.entries(modules)) {
    try {
      init(document);
    } catch (error) {
      // One broken behaviour must not take the others down; the page works without any of them.
      console.warn(`client/${name} failed to start; the page keeps working without it.`, error);
    }
  }
}
