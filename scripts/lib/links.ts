// Every same-site link of every built page must lead to something the server serves, and every
// #fragment to an id on its target page. Regexes instead of a DOM: ~1,000 pages in a few seconds,
// which is fine for the attribute syntax React and the build write (quoted values, no comments
// holding markup).
import { readRoutes } from './routes.ts';
import { serverFile } from '../../core/build-server-contract.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fillFallback } from '../../server/http/unknown-place.ts';
import { REVIEWS_PAGE_PATH } from '../../server/reviews/page.ts';
import { loadStaticTable } from '../../server/http/table.ts';
import { loadSiteFacts, parseFallbackPlaces, readServerFile } from '../../server/facts.ts';

/** Endpoints that are no files but may be a form's target. */
const FORM_ENDPOINTS = new Set(['/api/contact']);
/** The 404 page is the body of every unknown address, so a relative URL there resolves differently per address. */
const ANY_ADDRESS_PATHS = new Set(['/404.html']);
const URL_ATTRIBUTES = /\s((?:xlink:)?href|src|srcset|imagesrcset|action|formaction|poster|cite|content)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const ID_ATTRIBUTE = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
// The opening tag stays (it may hold src); the body may hold JSON-LD or code that only looks like markup.
const SCRIPT_BODY = /(<script\b[^>]*>)[^]*?<\/script\s*>/gi;

export interface BrokenLink {
  /** Where the link leads: a path (with #fragment) on the site. */
  target: string;
  reason: string;
  /** Every page that has the link, by path, in the route table's order. */
  pages: string[];
}

export interface LinkReport {
  pages: number;
  /** Same-site URLs found, counted per page and attribute occurrence. */
  links: number;
  /** Distinct same-site targets. */
  targets: number;
  broken: BrokenLink[];
  ms: number;
}

interface PageEntry {
  path: string;
  file: string;
  template: string;
}

function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|quot|apos|lt|gt));/gi, (whole, dec, hex, named: string | undefined) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }[named!.toLowerCase()] ?? whole;
  });
}

/** The URLs of an attribute: srcset lists "url width" candidates (hashed names hold no commas). */
function urlsOf(attribute: string, value: string): string[] {
  if (attribute === 'srcset' || attribute === 'imagesrcset') {
    return value
      .split(',')
      .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
      .filter(Boolean);
  }
  return [value.trim()];
}

/** The page as the server sends it, for the pages it fills from a template (the name from the build's list of places). */
function filled(page: PageEntry, html: string, fallbackPlaces: ReadonlyMap<string, string>): string {
  if (page.template !== 'fallback') return html;
  const slug = page.path.slice(page.path.lastIndexOf('/') + 1);
  return fillFallback(html, slug, fallbackPlaces.get(slug) ?? slug);
}

async function readPages(distDir: string): Promise<PageEntry[]> {
  return (await readRoutes(distDir)).map((route) => ({ path: route.path, file: route.file, template: route.template }));
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function pathOf(url: URL): string {
  try {
    return decodeURIComponent(url.pathname).normalize('NFC');
  } catch {
    return url.pathname;
  }
}

/** Checks every internal link of the built site in distDir against what the server would serve. */
export async function checkLinks(distDir: string): Promise<LinkReport> {
  const started = performance.now();
  const site = loadSiteFacts(distDir, (line) => console.error(line));
  if (site === null) throw new Error(`The link check needs the site's address from dist/${serverFile('siteFacts')}; run "npm run build".`);
  const origin = new URL(site.url).origin;
  const pages = await readPages(distDir);
  const fallbackPlaces = parseFallbackPlaces(readServerFile(distDir, 'fallbackPlaces'));
  // What the server answers 200 for: the same walk of dist/ it does at start-up.
  const table = loadStaticTable(distDir, { rendered: [REVIEWS_PAGE_PATH] });
  const served = new Set([...table.entries.keys(), ...table.rendered.keys(), ...pages.map((page) => page.path)]);

  const ids = new Map<string, Set<string>>();
  const htmlOf = new Map<string, string>();
  await Promise.all(
    pages.map(async (page) => {
      const html = filled(page, await readFile(join(distDir, page.file), 'utf8'), fallbackPlaces).replace(SCRIPT_BODY, '$1');
      htmlOf.set(page.path, html);
      ids.set(page.path, new Set([...html.matchAll(ID_ATTRIBUTE)].map((match) => decodeEntities(match[1] ?? match[2] ?? ''))));
    }),
  );

  const verdict = (formTarget: boolean, path: string, fragment: string | null): string | null => {
    if (!served.has(path)) {
      if (formTarget && FORM_ENDPOINTS.has(path)) return null;
      if (path.length > 1 && path.endsWith('/') && served.has(path.slice(0, -1))) return `redirects to ${path.slice(0, -1)}`;
      if (path.endsWith('/index.html')) return `redirects to ${path.slice(0, -'/index.html'.length) || '/'}`;
      return 'no such page or file';
    }
    // "#" and "#top" lead to the top of any document, with or without such an id.
    if (fragment === null || fragment === '' || fragment.toLowerCase() === 'top') return null;
    const targetIds = ids.get(path);
    // Fragments into files that are no pages (an SVG sprite, a PDF page) are not checked.
    if (targetIds === undefined) return null;
    return targetIds.has(fragment) ? null : `no element with id="${fragment}" on ${path}`;
  };

  const verdicts = new Map<string, string | null>();
  const broken = new Map<string, BrokenLink>();
  const report = (target: string, reason: string, page: string) => {
    const entry = broken.get(target) ?? { target, reason, pages: [] };
    if (!entry.pages.includes(page)) entry.pages.push(page);
    broken.set(target, entry);
  };
  const targets = new Set<string>();
  let links = 0;
  for (const page of pages) {
    const base = new URL(page.path, origin);
    for (const match of htmlOf.get(page.path)!.matchAll(URL_ATTRIBUTES)) {
      const attribute = match[1]!.toLowerCase().replace('xlink:', '');
      const value = decodeEntities(match[2] ?? match[3] ?? '');
      // content="…" is a URL only in <meta> tags such as og:url and og:image, and only with the site's origin.
      if (attribute === 'content' && !value.startsWith(`${origin}/`) && value !== origin) continue;
      for (const raw of urlsOf(attribute, value)) {
        let url: URL;
        try {
          url = new URL(raw, base);
        } catch {
          continue;
        }
        if (url.origin !== origin) continue;
        links += 1;
        const path = pathOf(url);
        const fragment = url.hash === '' ? (raw.endsWith('#') ? '' : null) : decodeFragment(url.hash.slice(1));
        const target = fragment === null ? path : `${path}#${fragment}`;
        targets.add(target);
        if (ANY_ADDRESS_PATHS.has(page.path) && !/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(raw)) {
          report(`${raw} (relative)`, 'relative URL on a page the server sends for any address; use a path from the root', page.path);
          continue;
        }
        const formTarget = attribute === 'action' || attribute === 'formaction';
        const key = `${formTarget} ${target}`;
        if (!verdicts.has(key)) verdicts.set(key, verdict(formTarget, path, fragment));
        const reason = verdicts.get(key);
        if (reason) report(target, reason, page.path);
      }
    }
  }

  const order = new Map(pages.map((page, index) => [page.path, index]));
  const list = [...broken.values()].sort((a, b) => b.pages.length - a.pages.length || a.target.localeCompare(b.target));
  for (const entry of list) entry.pages.sort((a, b) => order.get(a)! - order.get(b)!);
  return { pages: pages.length, links, targets: targets.size, broken: list, ms: performance.now() - started };
}

/** Report lines: one per broken target with the first five pages that link to it. */
export function formatBrokenLinks(broken: readonly BrokenLink[], shown = 5): string[] {
  return broken.flatMap((link) => {
    const more = link.pages.length > shown ? ` and ${link.pages.length - shown} more` : '';
    return [
      `${link.target}: ${link.reason}`,
      `    linked from ${link.pages.length} page(s): ${link.pages.slice(0, shown).join(', ')}${more}`,
    ];
  });
}
