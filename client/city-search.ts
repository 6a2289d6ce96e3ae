// The search on /einsatzgebiet: filters towns and the A–Z list as the visitor types
// (case-insensitive substring of the name, the spec's rule) and says how many places match.
// Without JavaScript the full lists stay visible. The thousand list items are read only when the
// visitor first types, so the page's start-up stays short.
interface Entry {
  item: HTMLElement;
  name: string;
  inList: boolean;
}

export function init(root: ParentNode = document): void {
  const box = root.querySelector<HTMLElement>('[data-city-search]');
  const input = box?.querySelector<HTMLInputElement>('[data-city-search-input]');
  const count = box?.querySelector<HTMLElement>('[data-city-search-count]');
  if (!box || !input || !count || input.dataset.bound !== undefined) return;
  input.dataset.bound = '';
  let entries: Entry[] | null = null;
  let groups: HTMLElement[] = [];

  const apply = () => {
    if (!entries) {
      entries = [...root.querySelectorAll<HTMLElement>('[data-place]')].map((item) => ({
        item,
        name: (item.dataset.place ?? '').toLocaleLowerCase('de-DE'),
        inList: item.parentElement?.classList.contains('az-list') ?? false,
      }));
      groups = [...root.querySelectorAll<HTMLElement>('[data-region]')];
    }
    const query = input.value.trim().toLocaleLowerCase('de-DE');
    let shown = 0;
    let total = 0;
    for (const entry of entries) {
      const match = query === '' || entry.name.includes(query);
      entry.item.hidden = !match;
      if (entry.inList) {
        total += 1;
        if (match) shown += 1;
      }
    }
    for (const group of groups) group.hidden = group.querySelector('[data-place]:not([hidden])') === null;
    count.textContent = query === '' ? `${total} Orte` : shown === 1 ? '1 Ort gefunden' : `${shown} Orte gefunden`;
  };
  input.addEventListener('input', apply);
}
