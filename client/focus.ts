// Focus helpers shared by the dialogs (drawer, gallery viewer).

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function focusables(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hidden && element.getClientRects().length > 0,
  );
}

/** Keeps Tab and Shift+Tab inside `container`; returns true when it handled the key. */
export function trapTab(event: KeyboardEvent, container: Element): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusables(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return true;
  }
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
  return true;
}

/** Focuses an element that may not be focusable by nature (a heading, a panel, #top). */
export function focusElement(element: HTMLElement, preventScroll = false): void {
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus({ preventScroll });
}
