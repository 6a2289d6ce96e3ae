// Hydration strategy of a server island (`data-island-when="server"`, the reviews): it shows its
// loading state first and, once the page has loaded and is idle, fetches its loaded state as HTML
// with the matching props from `data-island-src`. React still comes only on interaction, or when
// that fetch fails (the island then loads its data itself), or after a change the server reports
// on `data-island-events` brings a new rendering.

// A response that never ends keeps tools that wait for a quiet network (Lighthouse, networkidle)
// waiting for good, so the stream opens a while after the page has settled. The awake island
// opens its own at once: by then the page has long loaded.
const EVENTS_DELAY_MS = 3000;

function afterLoadIdle(start: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The server's answer: HTML and the props it was rendered with (checked by the island when it wakes). */
function isServerRendering(value: unknown): value is { html: string; props: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { html?: unknown }).html === 'string' && 'props' in value;
}

/** Puts the server's rendering of the island in place; on any failure the island wakes instead. */
async function fillFromServer(element: HTMLElement, wake: () => void): Promise<void> {
  try {
    const response = await fetch(element.dataset.islandSrc ?? '', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${element.dataset.islandSrc} answered HTTP ${response.status}`);
    const answer: unknown = await response.json();
    if (!isServerRendering(answer)) throw new Error(`${element.dataset.islandSrc} answered no { html, props }`);
    // Woken meanwhile: React owns the element now and loads the list itself.
    if (element.dataset.islandWoken !== undefined) return;
    element.dataset.props = JSON.stringify(answer.props);
    element.innerHTML = answer.html;
    element.dataset.islandFilled = '';
    listenForChanges(element, wake);
  } catch (error) {
    console.warn('The island could not be rendered by the server; it loads its content itself.', error);
    wake();
  }
}

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

export function renderOnServer(element: HTMLElement, wake: () => void): void {
  afterLoadIdle(() => void fillFromServer(element, wake));
}
