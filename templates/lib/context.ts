// What every page component receives from the build besides its own content.
import type { TemplateName } from '../../core/build-server-contract.ts';
import type { Layout } from '../../core/schema/layout.ts';
import type { Navigation } from '../../core/schema/navigation.ts';
import type { Site } from '../../core/schema/site.ts';

export interface PageContext {
  site: Site;
  /** The header navigation and the footer's links (data/navigation.yaml). */
  navigation: Navigation;
  /** The words of the parts every page shares (data/layout.yaml). */
  layout: Layout;
  /** The route's path, e.g. "/" or "/impressum"; the 404 page has none. */
  path: string | null;
  /** Absolute origin for canonical URLs, without trailing slash. */
  siteUrl: string;
  /**
   * The stylesheet, the page script, the code of the small inline script that loads both without
   * blocking the first paint (client/boot.ts, allowed by its hash), the icon as a data: URL (nothing is
   * requested before the first paint; /favicon.svg stays for others), and the cookie settings'
   * fragment (templates/layout/ConsentBanner.tsx).
   */
  assets: { css: string; js: string; bootCode: string; icon: string; consentDetails: string };
  /** The template name, written to <body data-page> for the browser code and the audit. */
  template: TemplateName;
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
