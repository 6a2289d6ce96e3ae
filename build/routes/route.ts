// What every route family builds on: the Route a page becomes, the inputs, and the helpers each
// family uses to make one (its file, its head's structured data, the crumb to the home page).
import type { ReactElement } from 'react';
import type { TemplateName } from '../../core/build-server-contract.ts';
import type { Head } from '../../templates/lib/context.ts';
import type { ResponsiveImage } from '../../templates/lib/image.ts';
import { breadcrumbList, webPage, type Crumb } from '../../core/structured-data.ts';
import type { SiteData } from '../load/site-data.ts';
import { DataError } from '../data-error.ts';

export interface Route {
  /** URL path without trailing slash; null for a page with no address (404, server templates). */
  path: string | null;
  /** Output file relative to dist/. */
  file: string;
  template: TemplateName;
  head: Head;
  /** Listed in sitemap.xml. */
  indexable: boolean;
  page: ReactElement;
  /** A place page's place ("Rüttenscheid (Essen)"), by which the owner's statistics name it; other pages go by their title. */
  name?: string;
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
  page(path: string, template: TemplateName, head: Head, element: ReactElement): Route;
  /** WebPage and BreadcrumbList for a page, plus whatever else describes it. */
  described(path: string, title: string, description: string, crumbs: Crumb[], ...more: object[]): object[];
}

export function fileForPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/**
 * A route whose head and page are made each time they are read, not held: a place page's title,
 * description, crumbs and element took about 1.3 KB, 13 MiB of every thread's heap at 10,000
 * places (docs/performance.md, "Memory"). They are read a few times a build (the
 * route checks, the render, the manifest), and making them costs microseconds. A head assigned
 * later (build/pipeline.ts takes a page out of the index) is kept. A class, so that all share one
 * shape: an object literal with its own accessors took another 450 bytes each for its shape.
 */
export class MadeOnRead implements Route {
  indexable: boolean;
  private assigned: Head | undefined;

  /** `indexable`: what the head says (`!head.noindex`), given so that no head is made for it. */
  constructor(
    readonly path: string,
    readonly template: TemplateName,
    indexable: boolean,
    private readonly makeHead: () => Head,
    private readonly makePage: () => ReactElement,
    readonly name?: string,
  ) {
    this.indexable = indexable;
  }

  /** Made on read too: the writer keeps each file's name once (build/write/dist-writer.ts). */
  get file(): string {
    return fileForPath(this.path);
  }

  get head(): Head {
    return this.assigned ?? this.makeHead();
  }

  set head(head: Head) {
    this.assigned = head;
  }

  get page(): ReactElement {
    return this.makePage();
  }
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
