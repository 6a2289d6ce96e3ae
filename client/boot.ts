// The page's one script, inline at the end of <body> (allowed by its hash in the CSP, build/
// security-policy.ts): it starts the rest once the first screen is painted, so the first paint and
// the largest one wait for nothing but the HTML (issue "Faster than the Astro peer";
// docs/decisions.md, "The first screen's CSS inline …"). Two frames after the document is parsed,
// it links the whole stylesheet (the first screen's rules are inline; without JavaScript the
// <noscript> link loads it) and imports the page script.
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

// A module runs after parsing; two frames later the first screen is on the glass.
requestAnimationFrame(() => requestAnimationFrame(start));
