// The page's one script, inline right after the cookie banner and before the page's content
// (templates/layout/Document.tsx; allowed by its hash in the CSP, build/site-files/security-policy.ts). A
// classic script (build/assets/bundles.ts bundles it as one function), so it runs while the page is
// parsed, before the first paint: the first paint and the largest one wait for nothing but the
// HTML (docs/performance.md, "The first screen's CSS inline …").
//
// It shows the cookie banner at once. The whole stylesheet (the first screen's rules are inline;
// without JavaScript the <noscript> link loads it) and the page script load on the visitor's
// first interaction: a touch, a scroll, a key, the pointer moving, a click. A visitor who reads the first
// screen and calls loads nothing else. They load at once after the first paint when the page opens
// at a fragment (below the first screen), when statistics are allowed (the visit is counted) and
// on the 404 page of an unknown service page (client/not-found.ts).
import { consent } from './consent.ts';
import { followConsentHeight } from './consent-height.ts';
import { isUnknownService } from './not-found.ts';

const script = document.currentScript as HTMLScriptElement | null;
/**
 * What the visitor does first; any one of them starts the rest. A click of its own for a screen
 * reader, which presses a button without a key or pointer event reaching the page.
 */
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'scroll', 'click'];

let started = false;
/** A button without a default action pressed before the page script ran: pressed again once it runs. */
let pressed: HTMLButtonElement | null = null;

function holdPress(event: Event): void {
  const button = (event.target as Element).closest('button[type="button"]');
  if (button instanceof HTMLButtonElement) pressed = button;
}

function start(): void {
  // Later interactions still call this (passive listeners, returning here at once).
  if (started) return;
  started = true;
  const css = script?.dataset.css;
  if (css) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = css;
    document.head.append(link);
  }
  const main = script?.dataset.main;
  if (!main) return;
  document.addEventListener('click', holdPress, true);
  void import(main).finally(() => {
    document.removeEventListener('click', holdPress, true);
    pressed?.click();
  });
}

// The cookie banner is part of the first screen while no choice is stored: shown here, at the first
// paint, instead of by the page script later, when it moved the floating call button and became
// the page's largest (and latest) paint on every page with a short hero (LCP 1,065 ms against
// 700 ms). Its buttons work once the page script runs (client/consent.ts); a press before that is
// held and made again then.
const stored = consent();
const banner = document.querySelector<HTMLElement>('[data-consent]');
if (banner && !stored) {
  banner.hidden = false;
  followConsentHeight(banner);
}

for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true });
// The page script sends an unknown service page on to /leistungen where no server does.
if (stored === 'all' || location.hash.length > 1 || isUnknownService()) {
  // Once the page is read to the end (this script stands before its content), two frames later the first screen is on the glass.
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(start));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint, { once: true });
  else afterPaint();
}
