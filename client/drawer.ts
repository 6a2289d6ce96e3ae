// The mobile navigation drawer. Without JavaScript it opens through `#menu` and CSS `:target`;
// here it becomes a modal dialog: focus moves in, is trapped, and returns to the toggle.
import { focusables, focusElement, trapTab } from './focus.ts';

export function initDrawer(root: ParentNode = document): void {
  const drawer = root.querySelector<HTMLElement>('[data-drawer]');
  const toggles = [...root.querySelectorAll<HTMLElement>('[data-drawer-open]')];
  if (!drawer || toggles.length === 0 || drawer.dataset.drawerBound) return;
  drawer.dataset.drawerBound = '';
  const panel = drawer.querySelector<HTMLElement>('[data-drawer-panel]') ?? drawer;
  let opener: HTMLElement | null = null;

  const isOpen = () => drawer.classList.contains('is-open');
  const setExpanded = (open: boolean) => {
    for (const toggle of toggles) toggle.setAttribute('aria-expanded', String(open));
  };

  const open = (from: HTMLElement | null) => {
    opener = from;
    drawer.classList.add('is-open');
    setExpanded(true);
    document.addEventListener('keydown', onKey);
    const first = focusables(panel)[0];
    if (first) first.focus();
    else focusElement(panel);
  };

  const close = (restoreFocus: boolean) => {
    if (!isOpen()) return;
    drawer.classList.remove('is-open');
    setExpanded(false);
    document.removeEventListener('keydown', onKey);
    // A page opened at /…#menu: drop the fragment so CSS :target no longer holds the drawer open.
    if (location.hash === '#menu') history.replaceState(history.state, '', location.pathname + location.search);
    // preventScroll: with scroll-padding-top, Chrome scrolls a sticky header's button "into view" to the page top.
    if (restoreFocus) (opener ?? toggles[0])?.focus({ preventScroll: true });
  };

  function onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else {
      trapTab(event, panel);
    }
  }

  for (const toggle of toggles) {
    toggle.addEventListener('click', (event) => {
      event.preventDefault();
      if (isOpen()) close(true);
      else open(toggle);
    });
  }

  drawer.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link) return;
    if (link.matches('[data-drawer-close]')) {
      event.preventDefault();
      close(true);
    } else {
      // Choosing a destination closes the drawer; the browser follows the link as usual.
      close(false);
    }
  });

  if (location.hash === '#menu') open(toggles[0] ?? null);
}
