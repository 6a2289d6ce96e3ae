// The page's one script, inline at the end of <body> (allowed by its hash in the CSP, build/
// security-policy.ts): it starts the rest once the first screen is painted, so the first paint and
// the largest one wait for nothing but the HTML (issue "Faster than the Astro peer";
// docs/decisions.md, "The first screen's CSS inline …"). Two frames after the document is parsed,
// it links the whole stylesheet (the first screen's rules are inline; without JavaScript the
// <noscript> link loads it) and imports the page script. Before that, it shows the cookie banner.
const script = document.querySelector<HTMLScriptElement>('script[data-page-script]');

function start(): void {
  const css = script?.dataset.css;
  if (css) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = css;
    document.head.append(link);
  }
  const main = script?.dataset.main;
  if (main) void import(main);
}

// The cookie banner is part of the first screen while no choice is stored: shown here, at the first
// paint, instead of by the page script later, when it moved the floating call button and became
// the page's largest (and latest) paint on every page with a short hero (LCP 1,065 ms against
// 700 ms). Its buttons work once the page script runs (client/consent.ts); the key is that module's.
try {
  const stored = localStorage.getItem('cookie-consent');
  const banner = document.querySelector<HTMLElement>('[data-consent]');
  if (banner && stored !== 'all' && stored !== 'necessary') {
    banner.hidden = false;
    document.documentElement.style.setProperty('--consent-height', `${banner.offsetHeight}px`);
  }
} catch {
  // Storage blocked: the page script shows the banner (client/consent.ts).
}

// A module runs after parsing; two frames later the first screen is on the glass.
requestAnimationFrame(() => requestAnimationFrame(start));
