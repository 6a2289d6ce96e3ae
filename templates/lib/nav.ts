// The active-item rule of the header navigation (its items: data/navigation.yaml).


/** Exact match for home, prefix match (on a path segment boundary) for the others. */
export function isActive(itemHref: string, currentPath: string): boolean {
  if (itemHref === '/') return currentPath === '/';
  return currentPath === itemHref || currentPath.startsWith(`${itemHref}/`);
}
