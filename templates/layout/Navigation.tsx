import type { NavItem } from '../../core/schema/navigation.ts';
import { isActive } from '../lib/nav.ts';

/** The seven items of the header and the drawer; the current one carries aria-current. */
export function Navigation({ items, path, className, label }: { items: readonly NavItem[]; path: string | null; className: string; label: string }) {
  return (
    <nav className={className} aria-label={label}>
      <ul>
        {items.map((item) => {
          const active = path !== null && isActive(item.href, path);
          return (
            <li key={item.href}>
              <a href={item.href} data-nav={item.label} aria-current={active ? 'page' : undefined} className={active ? 'is-active' : undefined}>
                {item.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
