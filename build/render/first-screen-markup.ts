// The first screen of a page: the markup a visitor sees before scrolling, whose rules go inline in
// the page's head (build/render/first-screen-css.ts), so the first paint needs nothing but the HTML.
// Everything before the end of the second section of <main>, the floating buttons and the consent
// banner, and what a template marks to be styled from the first paint wherever it stands.

/** Sections of <main> counted as the first screen: the hero and the start of the next one. */
const FIRST_SCREEN_SECTIONS = 2;

export interface Part {
  text: string;
  /** One of the parts every page of a kind shares (templates/layout/Shared.tsx): the same string again and again. */
  shared: boolean;
}

/**
 * The markup a visitor sees before scrolling: the document up to the end of <main>'s second
 * section, and the fixed parts after it. A page whose <main> is shorter than that shows its footer
 * on the first screen too (the 404 page: its footer moved when the stylesheet came, CLS 0.012),
 * and so does every table and every element marked `data-first-screen` (below). The head is left
 * out: nothing in it is drawn.
 */
export function firstScreenParts(html: string): Part[] {
  const body = html.indexOf('<body');
  const main = html.indexOf('<main');
  let end = main;
  for (let count = 0; count < FIRST_SCREEN_SECTIONS && end !== -1; count += 1) {
    const next = html.indexOf('</section>', end + 1);
    end = next === -1 ? -1 : next;
  }
  const mainEnd = html.indexOf('</main>');
  const footerEnd = html.indexOf('</footer>', mainEnd);
  const short = end === -1 || (mainEnd !== -1 && end > mainEnd);
  const cut = short ? (footerEnd === -1 ? mainEnd : footerEnd) : end;
  const fixed = html.indexOf('<aside class="floating"');
  const parts: Part[] = [
    { text: /<html[^>]*>/.exec(html)?.[0] ?? '', shared: true },
    { text: html.slice(body, main === -1 ? body : main), shared: true },
    { text: html.slice(main === -1 ? body : main, cut === -1 ? html.length : cut), shared: false },
  ];
  if (fixed !== -1) parts.push({ text: html.slice(fixed), shared: true });
  // A table further down, laid out without its rules, widened the page (the order form's, by 7 px
  // on a phone) and so moved the fixed call button and cookie banner when the stylesheet came.
  const below = html.slice(cut === -1 ? html.length : cut, fixed === -1 ? html.length : fixed);
  for (const table of below.match(/<table\b[^]*?<\/table>/g) ?? []) parts.push({ text: table, shared: false });
  // So did an image anywhere further down: without `img { max-width: 100% }` the home page's
  // gallery widened it to 816 px on a phone. The tag's name is enough for that rule.
  if (/<img\b/.test(below)) parts.push({ text: '<img>', shared: true });
  // So does what a template marks to be styled from the first paint wherever it stands: a row of
  // small links ran together without its rules (Lighthouse's target-size on /einsatzgebiet, as
  // the page stands until the stylesheet has arrived, client/boot.ts). Marked
  // `data-first-screen="tag"`, only the element's own tag counts: the drawer's rule that hides it.
  for (let at = html.indexOf(' data-first-screen', cut); at !== -1 && cut !== -1; at = html.indexOf(' data-first-screen', at + 1)) {
    const start = html.lastIndexOf('<', at);
    const marked = html.startsWith(' data-first-screen="tag"', at)
      ? /^<[a-z]+\b[^>]*>/.exec(html.slice(start))
      : /^<([a-z]+)\b[^>]*>[^]*?<\/\1>/.exec(html.slice(start));
    if (marked) parts.push({ text: marked[0], shared: false });
  }
  return parts;
}

/** The first screen's markup as one string (tests). */
export function firstScreen(html: string): string {
  return firstScreenParts(html)
    .map((part) => part.text)
    .join('');
}
