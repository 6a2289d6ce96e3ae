// Wakes React islands. React and an island's code are fetched only when the visitor first
// reaches for the island (focus, pointer, key): never before first paint, never on pages
// without one, and never counted against the 15 KB a page may load before interaction.
// A server island (`data-island-when="server"`, the reviews) shows its loading state first and,
// once the page has loaded, fetches its loaded state as HTML with the matching props from
// `data-island-src`; React still comes only on interaction, or when that fetch fails (the
// island then loads its data itself and shows its error state), or when the server reports a
// change (`data-island-events`).
type IslandModule = { hydrate(element: HTMLElement, props: object): void };

const ISLANDS: Record<string, () => Promise<IslandModule>> = {
  'city-search': () => import('./islands/city-search.ts'),
  'contact-form': () => import('./islands/contact-form.ts'),
  'address-selector': () => import('./islands/address-selector.ts'),
  reviews: () => import('./islands/reviews.ts'),
};

const TRIGGERS = ['focusin', 'pointerdown', 'keydown'] as const;

function afterLoadIdle(start: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Puts the server's rendering of the island in place; on any failure the island wakes instead. */
async function fillFromServer(element: HTMLElement, wake: () => void): Promise<void> {
  try {
    const response = await fetch(element.dataset.islandSrc ?? '', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${element.dataset.islandSrc} answered HTTP ${response.status}`);
    const { html, props } = (await response.json()) as { html: string; props: object };
    // Woken meanwhile: React owns the element now and loads the list itself.
    if (element.dataset.islandWoken !== undefined) return;
    element.dataset.props = JSON.stringify(props);
    element.innerHTML = html;
    element.dataset.islandFilled = '';
    listenForChanges(element, wake);
  } catch (error) {
    console.warn('The island could not be rendered by the server; it loads its content itself.', error);
    wake();
  }
}


// A response that never ends keeps tools that wait for a quiet network (Lighthouse, networkidle)
// waiting for good, so the stream opens a while after the page has settled. The awake island
// opens its own at once: by then the page has long loaded.
const EVENTS_DELAY_MS = 3000;

/** Until the island is awake, a change on the server brings its new rendering (still no React). */
function listenForChanges(element: HTMLElement, wake: () => void): void {
  const url = element.dataset.islandEvents;
  if (!url || typeof EventSource === 'undefined') return;
  setTimeout(() => {
    if (element.dataset.islandWoken !== undefined) return;
    const source = new EventSource(url);
    const close = () => source.close();
    source.addEventListener('change', () => {
      close();
      void fillFromServer(element, wake);
    });
    // The awake island keeps its own stream.
    element.addEventListener('island-ready', close, { once: true });
  }, EVENTS_DELAY_MS);
}

/**
 * Does again what the visitor did before the island was awake, once React has hydrated it: the
 * island components mark their root `data-hydrated` in their first effect.
 */
function replay(element: HTMLElement, action: () => void, tries = 0): void {
  if (element.querySelector('[data-hydrated]') || tries >= 60) action();
  else setTimeout(() => replay(element, action, tries + 1), 50);
}

export function init(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const load = ISLANDS[element.dataset.island ?? ''];
    if (!load || element.dataset.islandBound !== undefined) continue;
    element.dataset.islandBound = '';
    let woken = false;
    let held: (() => void) | null = null;
    const wake = () => {
      if (woken) return;
      woken = true;
      element.dataset.islandWoken = '';
      for (const type of TRIGGERS) element.removeEventListener(type, wake);
      load()
        .then((island) => {
          island.hydrate(element, JSON.parse(element.dataset.props ?? '{}') as object);
          element.dataset.islandReady = '';
          element.dispatchEvent(new Event('island-ready'));
          if (held) replay(element, held);
        })
        .catch((error: unknown) => console.warn(`The island "${element.dataset.island}" could not start; the page works without it.`, error));
    };
    // A button pressed before React is there would do nothing: the press waits for the island.
    element.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[type="button"]') : null;
      if (element.dataset.islandReady !== undefined || !button) return;
      event.preventDefault();
      event.stopPropagation();
      held = () => button.click();
      wake();
    }, { capture: true });
    if (element.dataset.islandHold === 'submit') {
      element.addEventListener('submit', (event) => {
        if (element.dataset.islandReady !== undefined || !(event.target instanceof HTMLFormElement)) return;
        event.preventDefault();
        const form = event.target;
        held = () => form.requestSubmit();
        wake();
      }, { capture: true });
      // An empty required field stops the browser before any submit event; the island, once
      // awake, answers it with its own German messages instead of the browser's bubble.
      element.addEventListener('invalid', (event) => {
        const form = (event.target as HTMLInputElement).form;
        if (element.dataset.islandReady !== undefined || !form) return;
        event.preventDefault();
        held = () => form.requestSubmit();
        wake();
      }, { capture: true });
    }
    for (const type of TRIGGERS) element.addEventListener(type, wake, { passive: true });
    if (element.dataset.islandWhen === 'server') afterLoadIdle(() => void fillFromServer(element, wake));
  }
}
