// The first screen of every page is styled by rules inline in its head, so the first paint needs
// nothing but the HTML (issue "Faster than the Astro peer"); the whole stylesheet follows after the
// first paint (templates/layout/Document.tsx, client/boot.ts). The inline rules come from the
// one stylesheet (templates/styles/), kept per template by PurgeCSS when a selector can match the
// markup of the first screen of that template's pages (everything before the end of the second
// section of <main>, the floating buttons and the consent banner) or a class the page script sets
// on it (its built bundle: a shown button, an open banner), so applying the rest shifts nothing.
//
// Measured on the home page against the Astro peer (../shared/peers, Lighthouse 12 mobile, median
// of 3, one run each): with the stylesheet as a blocking link FCP 1,113 ms (Astro 847); with all of
// the template's rules inline (24 KB raw, 16.5 KiB brotli of HTML, past the first 14 KB round
// trip) FCP 1,192 ms and LCP 1,342 ms, worse; hence only the first screen's rules.
import * as esbuild from 'esbuild';
import { PurgeCSS } from 'purgecss';
import { CSS_TARGET } from './assets.ts';

/** Sections of <main> counted as the first screen: the hero and the start of the next one. */
const FIRST_SCREEN_SECTIONS = 2;

/** The markup a visitor sees before scrolling: the document up to the end of <main>'s second section, and the fixed parts after it. */
export function firstScreen(html: string): string {
  const main = html.indexOf('<main');
  let end = main;
  for (let count = 0; count < FIRST_SCREEN_SECTIONS && end !== -1; count += 1) {
    const next = html.indexOf('</section>', end + 1);
    end = next === -1 ? -1 : next;
  }
  const mainEnd = html.indexOf('</main>');
  const cut = end === -1 || (mainEnd !== -1 && end > mainEnd) ? mainEnd : end;
  const fixed = html.indexOf('<aside class="floating"');
  return html.slice(0, cut === -1 ? html.length : cut) + (fixed === -1 ? '' : html.slice(fixed));
}

/** The markup's words: tag names, attribute names and values; the text between tags cannot match a selector. */
function markupTokens(pages: readonly string[]): string {
  const tokens = new Set<string>();
  for (const html of pages) {
    for (const tag of html.matchAll(/<[a-zA-Z][^>]*>/g)) for (const token of tag[0].matchAll(/[A-Za-z0-9_-]+/g)) tokens.add(token[0]);
  }
  return [...tokens].join(' ');
}

/** The stylesheet's rules the first screens of each template's pages use, by template. */
/** `script`: the built page script, minified: its class strings without the words of comments. */
export async function firstScreenCss(css: string, pagesByTemplate: ReadonlyMap<string, readonly string[]>, script: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const [template, pages] of pagesByTemplate) {
    const [purged] = await new PurgeCSS().purge({
      content: [{ raw: markupTokens(pages.map(firstScreen)), extension: 'html' }, { raw: script, extension: 'js' }],
      css: [{ raw: css }],
      // Custom properties, keyframes and font faces stay only where a kept rule uses them.
      variables: true,
      keyframes: true,
      fontFace: true,
    });
    // PurgeCSS writes the rules back with spaces; minified again, they are what the stylesheet had.
    result.set(template, (await esbuild.transform(purged?.css ?? css, { loader: 'css', minify: true, target: CSS_TARGET })).code.trim());
  }
  return result;
}

/** The page with `css` inline just before its <noscript> stylesheet link. */
export function inlineFirstScreenCss(html: string, href: string, css: string): string {
  const anchor = `<noscript><link rel="stylesheet" href="${href}"/></noscript>`;
  const at = html.indexOf(anchor);
  if (at === -1) throw new Error(`The page has no ${anchor}; templates/layout/Document.tsx and build/template-css.ts disagree.`);
  // "</style" inside a rule (in a string or a comment) would end the element early.
  return `${html.slice(0, at)}<style>${css.replaceAll('</style', '<\\/style')}</style>${html.slice(at)}`;
}
