// The floating call button stands above the cookie banner (templates/styles/floating.css reads
// --consent-height). Followed from the moment the banner shows: by client/boot.ts when no choice
// is stored, else by client/consent.ts, for the footer button that opens it again.

/** Sets --consent-height from the banner as it is now. */
export function measureConsentHeight(banner: HTMLElement): void {
  document.documentElement.style.setProperty('--consent-height', banner.hidden ? '0px' : `${banner.offsetHeight}px`);
}

/**
 * Measures whenever the banner's size changes, once the browser has laid the page out anyway and
 * still before that frame is painted: measured at once from client/boot.ts, it would force a layout
 * in the middle of parsing (a long task on a slow phone).
 */
export function followConsentHeight(banner: HTMLElement): void {
  new ResizeObserver(() => measureConsentHeight(banner)).observe(banner);
}
