// Two-click map: nothing is loaded from Google until the visitor asks for the map.
export function initMapEmbed(root: ParentNode = document): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-map-embed]')) {
    const button = box.querySelector<HTMLButtonElement>('[data-map-load]');
    if (!button || button.dataset.bound !== undefined) continue;
    button.dataset.bound = '';
    button.hidden = false;
    button.addEventListener('click', () => {
      const frame = document.createElement('iframe');
      frame.src = box.dataset.mapEmbed ?? '';
      frame.title = box.dataset.mapTitle ?? 'Karte (Google Maps)';
      frame.loading = 'lazy';
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      frame.className = 'map-frame';
      button.replaceWith(frame);
      frame.focus();
    });
  }
}
