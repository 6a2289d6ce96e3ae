// One route to the bytes of its page, as every thread makes it alike: React renders the document
// (templates/layout/Document.tsx) with the route's head and element, the rules of its first screen
// go inline (build/render/first-screen-css.ts), and what later steps need of the page is read off
// it at once, so the page itself can be written and forgotten: whether it shows the map (the
// Content-Security-Policy, build/site-files/security-policy.ts) and, for the place pages the index
// policy compares, their shingles (build/indexing/).
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { Layout } from '../../core/schema/layout.ts';
import type { Navigation } from '../../core/schema/navigation.ts';
import type { Site } from '../../core/schema/site.ts';
import { ConsentDetails } from '../../templates/layout/ConsentBanner.tsx';
import { Document } from '../../templates/layout/Document.tsx';
import { LayoutWords } from '../../templates/layout/words.ts';
import type { PageContext } from '../../templates/lib/context.ts';
import { comparedForSimilarity } from '../indexing/policy.ts';
import { NameMask } from '../indexing/mask.ts';
import { shingles } from '../indexing/similarity.ts';
import { showsMap } from '../site-files/security-policy.ts';
import { writerHash, type WriteResult } from '../write/dist-writer.ts';
import type { Route } from '../routes/index.ts';
import { FirstScreenCss, inlineFirstScreenCss } from './first-screen-css.ts';

/** What every thread needs to render a page; plain data, sent as it is to the render workers. */
export interface PageSetup {
  site: Site;
  navigation: Navigation;
  layout: Layout;
  siteUrl: string;
  assets: PageContext['assets'];
  /** The built stylesheet and the built page script, whose words the first screens are chosen by. */
  css: string;
  script: string;
  /** The names the similarity measure masks (build/indexing/mask.ts). */
  placeNames: string[];
}

export interface MadePage {
  /** The route's place in the route table. */
  index: number;
  /** The page's bytes, until they are written: null once the thread that made it wrote them (`written`). */
  body: Uint8Array | null;
  written: WriteResult | null;
  /** Its size before compression. */
  size: number;
  /** `writerHash` of its bytes, made on the thread that rendered it. */
  hash: string;
  /** Whether the page embeds the two-click map. */
  map: boolean;
  /** The shingles of a page the index policy compares; null for the others. */
  shingles: Uint32Array | null;
}

export class PageRenderer {
  private readonly firstScreen: FirstScreenCss;
  private readonly encoder = new TextEncoder();
  private readonly mask: NameMask;

  constructor(private readonly setup: PageSetup) {
    this.firstScreen = new FirstScreenCss(setup.css, setup.script);
    this.mask = new NameMask(setup.placeNames);
  }

  /** The page of `route`, the table's route `index`. */
  render(route: Route, index: number): MadePage {
    const html = renderDocument(route, this.setup);
    const body = this.encoder.encode(inlineFirstScreenCss(html, this.setup.assets.css, this.firstScreen.forPage(html)));
    return { index, body, written: null, size: body.length, hash: writerHash(body), map: showsMap(html), shingles: comparedForSimilarity(route) ? shingles(html, this.mask) : null };
  }

  /** The different first screens this thread's pages used, by the words each was chosen for. */
  firstScreens(): string[] {
    return this.firstScreen.keys();
  }
}

/** The route's document as React renders it, before its first screen's CSS goes inline. */
export function renderDocument(route: Route, { site, navigation, layout, siteUrl, assets }: Omit<PageSetup, 'css' | 'script' | 'placeNames'>): string {
  const context: PageContext = { site, navigation, layout, path: route.path, siteUrl, assets, template: route.template };
  return `<!DOCTYPE html>${renderToString(createElement(Document, { context, head: route.head, children: route.page }))}`;
}

/** The cookie banner's settings view as a fragment of HTML (its icon drawn in place: no page sprite around it). */
export function renderConsentDetails(site: Site, layout: Layout): string {
  return renderToStaticMarkup(createElement(LayoutWords.Provider, { value: layout }, createElement(ConsentDetails, { analytics: site.analytics })));
}
