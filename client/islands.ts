// Wakes React islands. React and an island's code are fetched only when the visitor first
// reaches for the island (focus, pointer, key): never before first paint, never on pages
// without one, and never counted against the 15 KB a page may load before interaction.
const ISLANDS: Record<string, () => Promise<{ hydrate(element: HTMLElement, props: object): void }>> = {
  'city-search': () => import('./islands/city-search.ts'),
};

const TRIGGERS = ['focusin', 'pointerdown', 'keydown'] as const;

export function init(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const load = ISLANDS[element.dataset.island ?? ''];
    if (!load || element.dataset.islandBound !== undefined) continue;
    element.dataset.islandBound = '';
    const wake = () => {
      for (const type of TRIGGERS) element.removeEventListener(type, wake);
      load()
        .then((island) => island.hydrate(element, JSON.parse(element.dataset.props ?? '{}') as object))
        .catch((error: unknown) => console.warn(`The island "${element.dataset.island}" could not start; the page works without it.`, error));
    };
    for (const type of TRIGGERS) element.addEventListener(type, wake, { passive: true });
  }
}
