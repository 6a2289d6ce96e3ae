// Hydration strategy for what a visitor does before an island is awake: a button pressed (or,
// with `data-island-hold="submit"`, a form submitted) would do nothing or the wrong thing, so it
// wakes the island and is done again once React has hydrated it.

/** Does the action again once the island components mark their root `data-hydrated` (first effect). */
function replay(element: HTMLElement, action: () => void, tries = 0): void {
  if (element.querySelector('[data-hydrated]') || tries >= 60) action();
  else setTimeout(() => replay(element, action, tries + 1), 50);
}

/**
 * Holds presses (and, with `holdSubmit`, submits) made before the island is ready; `wake` starts
 * it, and its `island-ready` event (client/islands.ts) does the held action again.
 */
export function holdUntilReady(element: HTMLElement, wake: () => void, holdSubmit: boolean): void {
  let held: (() => void) | null = null;
  element.addEventListener('island-ready', () => held && replay(element, held), { once: true });
  const ready = () => element.dataset.islandReady !== undefined;
  element.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[type="button"]') : null;
    if (ready() || !button) return;
    event.preventDefault();
    event.stopPropagation();
    held = () => button.click();
    wake();
  }, { capture: true });
  if (holdSubmit) {
    element.addEventListener('submit', (event) => {
      if (ready() || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      const form = event.target;
      held = () => form.requestSubmit();
      wake();
    }, { capture: true });
    // An empty required field stops the browser before any submit event; the island, once
    // awake, answers it with its own German messages instead of the browser's bubble.
    element.addEventListener('invalid', (event) => {
      const form = (event.target as HTMLInputElement).form;
      if (ready() || !form) return;
      event.preventDefault();
      held = () => form.requestSubmit();
      wake();
    }, { capture: true });
  }
}
