// What every route family builds on: the Route a page becomes, the inputs, and the helpers each
// family uses to make one (its file, its head's structured data, the crumb to the home page).
import type { ReactElement } from 'react';
import type { Head } from '../../templates/lib/context.ts';
import type { ResponsiveImage } from '../../templates/lib/image.ts';
import { breadcrumbList, webPage, type Crumb } from '../../templates/lib/structured-data.ts';
import type { SiteData } from '../data.ts';
import { DataError } from '../data-error.ts';

export interface Route {
  /** URL path without trailing slash; null for a page with no address (404, server templates). */
  path: string | null;
  /** Output file relative to dist/. */
  file: string;
  template: string;
  head: Head;
  /** Listed in sitemap.xml. */
  indexable: boolean;
  page: ReactElement;
}

export interface RouteInputs {
  data: SiteData;
  siteUrl: string;
  images: Record<string, ResponsiveImage>;
}

/** The inputs and the helpers a family of routes uses. */
export interface RouteKit extends RouteInputs {
  /** The first crumb of every trail. */
  start: Crumb;
  /** The crumb of a page of the navigation, named as the navigation names it (data/navigation.yaml). */
  crumb(path: string): Crumb;
  /** A page at a path, indexable unless its head says noindex. */
  page(path: string, template: string, head: Head, element: ReactElement): Route;
  /** WebPage and BreadcrumbList for a page, plus whatever else describes it. */
  described(path: string, title: string, description: string, crumbs: Crumb[], ...more: object[]): object[];
}

export function fileForPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

export function routeKit(inputs: RouteInputs): RouteKit {
  const crumb = (path: string): Crumb => {
    const item = inputs.data.navigation.items.find((entry) => entry.href === path);
    if (!item) throw new DataError('data/navigation.yaml', 'items', `has no item for ${path}, which the breadcrumb trails name; add it`);
    return { name: item.label, path };
  };
  return {
    ...inputs,
    start: crumb('/'),
    crumb,
    page: (path, template, head, element) => ({ path, file: fileForPath(path), template, head, indexable: !head.noindex, page: element }),
    described: (path, title, description, crumbs, ...more) => [webPage(inputs.siteUrl, path, title, description), breadcrumbList(inputs.siteUrl, crumbs), ...more],
  };
}
