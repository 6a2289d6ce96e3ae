// Clicks made before the page script ran: client/boot.ts keeps their targets, and the modules that
// count clicks (client/tracking.ts, client/visits.ts, client/slogan.ts) count them once they start,
// so a consented call made in the moment between the first paint and the page script is counted
// all the same. Each module still checks consent itself when it counts.

declare global {
  interface Window {
    __heldClicks?: Element[];
  }
}

export function holdClick(target: Element): void {
  (window.__heldClicks ??= []).push(target);
}

/** The targets of the clicks held so far, in order; the list stays for every module to read. */
export function heldClicks(): readonly Element[] {
  return window.__heldClicks ?? [];
}
