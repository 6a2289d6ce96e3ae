// Renders one route to a complete HTML document.
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { Layout } from '../core/schema/layout.ts';
import type { Navigation } from '../core/schema/navigation.ts';
import type { Site } from '../core/schema/site.ts';
import { ConsentDetails } from '../templates/layout/ConsentBanner.tsx';
import { Document } from '../templates/layout/Document.tsx';
import { LayoutWords } from '../templates/layout/words.ts';
import type { PageContext } from '../templates/lib/context.ts';
import type { Route } from './routes/index.ts';

export interface RenderInputs {
  site: Site;
  navigation: Navigation;
  layout: Layout;
  siteUrl: string;
  assets: PageContext['assets'];
}

export function renderRoute(route: Route, { site, navigation, layout, siteUrl, assets }: RenderInputs): string {
  const context: PageContext = { site, navigation, layout, path: route.path, siteUrl, assets, template: route.template };
  const html = renderToString(createElement(Document, { context, head: route.head, children: route.page }));
  return `<!DOCTYPE html>${html}`;
}

/** The cookie banner's settings view as a fragment of HTML (its icon drawn in place: no page sprite around it). */
export function renderConsentDetails(site: Site, layout: Layout): string {
  return renderToStaticMarkup(createElement(LayoutWords.Provider, { value: layout }, createElement(ConsentDetails, { analytics: site.analytics })));
}
