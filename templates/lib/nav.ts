// The active-item rule of the header navigation (its items: data/navigation.yaml).


/** Exact match for home, prefix match (on a path segment boundary) for the others. */
export function isActive(itemHref: string, currentPath: string): boolean {
  if (itemHref === '/') return currentPath === '/';
  return currentPath === itemHref || currentPath.startsWith(`${itemHref}/`);
}

/** The items marked as current on `path`, as one string: the part of a page's navigation that differs between pages. */
export function activeItems(items: readonly { href: string }[], path: string | null): string {
  return path === null ? '' : items.filter((item) => isActive(item.href, path)).map((item) => item.href).join(' ');
}
