// What every page component receives from the build besides its own content.
import type { NavItem } from '../../data/schema/navigation.ts';
import type { Site } from '../../data/schema/site.ts';

export interface PageContext {
  site: Site;
  /** The header navigation (data/navigation.yaml). */
  navigation: readonly NavItem[];
  /** The route's path, e.g. "/" or "/impressum"; the 404 page has none. */
  path: string | null;
  /** Absolute origin for canonical URLs, without trailing slash. */
  siteUrl: string;
  assets: { css: string; js: string };
  /** The template name, written to <body data-page> for the browser code and the audit. */
  template: string;
}

export interface Head {
  title: string;
  description: string;
  /** Omitted on the 404 page: it has no canonical address. */
  canonical: boolean;
  noindex?: boolean;
  keywords?: string[];
  structuredData?: object[];
}
