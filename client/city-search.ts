// The search on /einsatzgebiet: filters towns and the A–Z list as the visitor types
// (case-insensitive substring of the name, the spec's rule) and says how many places match.
// Without JavaScript the full lists stay visible.
export function init(root: ParentNode = document): void {
  const box = root.querySelector<HTMLElement>('[data-city-search]');
  const input = box?.querySelector<HTMLInputElement>('[data-city-search-input]');
  const count = box?.querySelector<HTMLElement>('[data-city-search-count]');
  if (!box || !input || !count || input.dataset.bound !== undefined) return;
  input.dataset.bound = '';
  const items = [...root.querySelectorAll<HTMLElement>('[data-place]')].map((item) => ({
    item,
    name: (item.dataset.place ?? '').toLocaleLowerCase('de-DE'),
    inList: item.closest('.az-list') !== null,
  }));
  const groups = [...root.querySelectorAll<HTMLElement>('[data-region]')];
  const total = items.filter((entry) => entry.inList).length;

  const apply = () => {
    const query = input.value.trim().toLocaleLowerCase('de-DE');
    let shown = 0;
    for (const entry of items) {
      const match = query === '' || entry.name.includes(query);
      entry.item.hidden = !match;
      if (match && entry.inList) shown += 1;
    }
    for (const group of groups) group.hidden = group.querySelector('[data-place]:not([hidden])') === null;
    count.textContent = query === '' ? `${total} Orte` : shown === 1 ? '1 Ort gefunden' : `${shown} Orte gefunden`;
  };
  input.addEventListener('input', apply);
}
