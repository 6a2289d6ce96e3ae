// The hero call button alternates between its slogans; both are stacked in one grid cell, so
// swapping `.is-active` never shifts layout.
import { heldClicks } from './held-clicks.ts';
import { trackCallClick } from './tracking.ts';

export const SLOGAN_INTERVAL_MS = 5000;

export function initSlogan(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLElement>('[data-slogan]')) {
    if (link.dataset.sloganBound !== undefined) continue;
    link.dataset.sloganBound = '';
    const items = [...link.querySelectorAll<HTMLElement>('[data-slogan-item]')];
    const active = (): number => Math.max(0, items.findIndex((item) => item.classList.contains('is-active')));

    // The contract puts data-slogan on the call link; a wrapper inside it counts the whole link.
    const call = link.closest('a') ?? link;
    const count = () => trackCallClick(items[active()]?.textContent?.trim() ?? '');
    call.addEventListener('click', count);
    // A click before this script ran (client/boot.ts) is counted now, with the slogan that is still the first.
    for (const target of heldClicks()) if (call.contains(target)) count();
    if (items.length < 2) continue;

    const next = () => {
      const current = active();
      const following = (current + 1) % items.length;
      items.forEach((item, index) => {
        item.classList.toggle('is-active', index === following);
        // The hidden slogan stays out of the accessibility tree, as in the server-rendered HTML.
        if (index === following) item.removeAttribute('aria-hidden');
        else item.setAttribute('aria-hidden', 'true');
      });
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (timer === undefined) timer = setInterval(next, SLOGAN_INTERVAL_MS);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    // A hidden tab needs no rotation; it resumes when the visitor comes back.
    document.addEventListener('visibilitychange', () => (document.hidden ? stop() : start()));
    if (!document.hidden) start();
  }
}
