// Renders one route to a complete HTML document.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Layout } from '../data/schema/layout.ts';
import type { Navigation } from '../data/schema/navigation.ts';
import type { Site } from '../data/schema/site.ts';
import { Document } from '../templates/layout/Document.tsx';
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
