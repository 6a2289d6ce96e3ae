import { useLayoutWords } from '../layout/words.ts';
import type { Crumb } from '../../core/structured-data.ts';

/** The visible trail that matches the BreadcrumbList data; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const words = useLayoutWords();
  return (
    <nav className="breadcrumbs" aria-label={words.breadcrumbs}>
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.path} aria-current="page">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.path}>
              <a href={crumb.path}>{crumb.name}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
