// The page's one script, inline right after the cookie banner and before the page's content
// (templates/layout/Document.tsx; allowed by its hash in the CSP, build/site-files/security-policy.ts). A
// classic script (build/assets/bundles.ts bundles it as one function), so it runs while the page is
// parsed, before the first paint: the first paint and the largest one wait for nothing but the
// HTML (docs/performance.md, "The first screen's CSS inline …").
//
// It shows the cookie banner at once and asks for the whole stylesheet at once, as a stylesheet for
// print: a media the screen does not match, so the request goes out at the lowest priority and
// blocks no paint; once it has loaded it applies to every media. So the content below the first
// screen is styled about one round trip after the HTML, without waiting for the visitor (the first
// screen's rules are inline; without JavaScript the <noscript> link loads the stylesheet). The page
// script (slogan, fade-in, consent, counting) is imported right after the first paint, so it is no
// request the first paint waits for either.
import { consent } from './consent.ts';
import { followConsentHeight } from './consent-height.ts';
import { holdClick } from './held-clicks.ts';

const script = document.currentScript as HTMLScriptElement | null;
/** A button without a default action pressed before the page script ran: pressed again once it runs. */
let pressed: HTMLButtonElement | null = null;

/** Until the page script runs: a button is pressed again then, any other click is kept for counting (client/held-clicks.ts). */
function hold(event: Event): void {
  const target = event.target as Element;
  const button = target.closest('button[type="button"]');
  if (button instanceof HTMLButtonElement) pressed = button;
  else holdClick(target);
}

const css = script?.dataset.css;
if (css) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'print';
  link.href = css;
  link.onload = () => (link.media = 'all');
  document.head.append(link);
}

// The cookie banner is part of the first screen while no choice is stored: shown here, at the first
// paint, instead of by the page script later, when it moved the floating call button and became
// the page's largest (and latest) paint on every page with a short hero (LCP 1,065 ms against
// 700 ms). Its buttons work once the page script runs (client/consent.ts); a press before that is
// held and made again then.
const banner = document.querySelector<HTMLElement>('[data-consent]');
if (banner && !consent()) {
  banner.hidden = false;
  followConsentHeight(banner);
}

const main = script?.dataset.main;
if (main) {
  addEventListener('click', hold, true);
  const start = () =>
    void import(main).finally(() => {
      removeEventListener('click', hold, true);
      pressed?.click();
    });
  // Once the page is read to the end (this script stands before its content, so the document is
  // still loading), two frames later the first screen is on the glass. A tab opened in the
  // background gets no frames: the page script waits until it is shown.
  document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => requestAnimationFrame(start)), { once: true });
}
