// Full-screen image viewer. Without JavaScript every thumbnail links its largest JPEG.
import { focusElement, trapTab } from './focus.ts';

export function initGallery(root: ParentNode = document): void {
  const viewer = root.querySelector<HTMLElement>('[data-viewer]');
  const items = [...root.querySelectorAll<HTMLAnchorElement>('a[data-gallery-item]')].sort(
    (a, b) => Number(a.dataset.index) - Number(b.dataset.index),
  );
  if (!viewer || items.length === 0 || viewer.dataset.viewerBound !== undefined) return;
  viewer.dataset.viewerBound = '';
  const image = viewer.querySelector<HTMLImageElement>('[data-viewer-img]');
  const caption = viewer.querySelector<HTMLElement>('[data-viewer-caption]');
  const counter = viewer.querySelector<HTMLElement>('[data-viewer-counter]');
  const closeButton = viewer.querySelector<HTMLElement>('[data-viewer-close]');
  let current = 0;
  let opener: HTMLElement | null = null;

  const show = (index: number) => {
    current = (index + items.length) % items.length;
    const item = items[current]!;
    const text = item.dataset.caption ?? '';
    if (image) {
      image.src = item.href;
      image.alt = item.querySelector('img')?.alt || text;
    }
    if (caption) caption.textContent = text;
    if (counter) counter.textContent = `${current + 1} / ${items.length}`;
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowRight') show(current + 1);
    else if (event.key === 'ArrowLeft') show(current - 1);
    else {
      trapTab(event, viewer);
      return;
    }
    event.preventDefault();
  };

  const open = (index: number, from: HTMLElement) => {
    opener = from;
    show(index);
    viewer.hidden = false;
    document.addEventListener('keydown', onKey);
    if (closeButton) closeButton.focus();
    else focusElement(viewer);
  };

  function close(): void {
    if (viewer!.hidden) return;
    viewer!.hidden = true;
    document.removeEventListener('keydown', onKey);
    opener?.focus({ preventScroll: true });
  }

  items.forEach((item, index) => {
    item.addEventListener('click', (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      open(index, item);
    });
  });
  viewer.querySelector('[data-viewer-prev]')?.addEventListener('click', () => show(current - 1));
  viewer.querySelector('[data-viewer-next]')?.addEventListener('click', () => show(current + 1));
  closeButton?.addEventListener('click', close);
  // A click on the dark backdrop, outside image and controls, closes like Escape.
  viewer.addEventListener('click', (event) => {
    if (event.target === viewer) close();
  });
}
