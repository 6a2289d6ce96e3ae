// Wakes React islands (templates/islands/registry.ts names them). React and an island's code are
// fetched only when the visitor first reaches for the island (focus, pointer, key): never before
// first paint, never on pages without one, and never counted against the 15 KB a page may load
// before interaction. The other two strategies have files of their own: a server island's
// rendering from the server (client/island-server.ts), and presses and submits held until the
// island is ready (client/island-replay.ts).
import type { IslandName } from '../templates/islands/registry.ts';
import { holdUntilReady } from './island-replay.ts';
import { renderOnServer } from './island-server.ts';

/** An island's chunk: its default export hydrates the element with props read from the page, which it checks. */
type IslandModule = { default(element: HTMLElement, props: unknown): void };

const ISLANDS: Record<IslandName, () => Promise<IslandModule>> = {
  'city-search': () => import('./islands/city-search.ts'),
  'contact-form': () => import('./islands/contact-form.ts'),
  'address-selector': () => import('./islands/address-selector.ts'),
  reviews: () => import('./islands/reviews.ts'),
};

const TRIGGERS = ['focusin', 'pointerdown', 'keydown'] as const;

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.prototype.hasOwnProperty.call(ISLANDS, name);
}

function readProps(element: HTMLElement): unknown {
  try {
    return JSON.parse(element.dataset.props ?? '{}');
  } catch {
    return undefined;
  }
}

export function initIslands(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island;
    if (!isIslandName(name) || element.dataset.islandBound !== undefined) continue;
    element.dataset.islandBound = '';
    let woken = false;
    const wake = () => {
      if (woken) return;
      woken = true;
      element.dataset.islandWoken = '';
      for (const type of TRIGGERS) element.removeEventListener(type, wake);
      ISLANDS[name]()
        .then((island) => {
          island.default(element, readProps(element));
          element.dataset.islandReady = '';
          element.dispatchEvent(new Event('island-ready'));
        })
        .catch((error: unknown) => console.warn(`The island "${name}" could not start; the page works without it.`, error));
    };
    holdUntilReady(element, wake, element.dataset.islandHold === 'submit');
    for (const type of TRIGGERS) element.addEventListener(type, wake, { passive: true });
    if (element.dataset.islandWhen === 'server') renderOnServer(element, wake);
  }
}
