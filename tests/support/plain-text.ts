// A page's <body> as a text browser reads it without CSS, and the places where two items of the
// markup run together there. Block elements start a line, inline elements stand as they are, so
// "<a><span>Mustermann</span><span>Anrufen</span></a>" reads "MustermannAnrufen": what a text
// browser, reader mode, copy and paste and a screen reader's reading of inline spans give. Regexes
// instead of a DOM, like scripts/lib/links.ts: React's output has quoted attributes and no markup in
// comments.

/** Elements that start and end a line in a text browser (the HTML standard's rendering section). */
const BLOCK = new Set(
  'address article aside blockquote body br caption dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr legend li main menu nav ol option p pre search section summary table tbody tfoot thead tr ul'.split(' '),
);
/** Table cells stand side by side, apart. */
const CELL = new Set(['td', 'th']);
/** Elements whose content is never read as text. */
const SKIPPED = new Set(['script', 'style', 'template', 'svg', 'head']);
const TOKEN = /<!--[^]*?-->|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>|[^<]+|</g;
const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));

/** One line of the page as text: its pieces, a new piece wherever the markup put a tag or comment between two texts. */
export type Line = string[];

export interface Glued {
  /** The two pieces' ends that run together, as the reader gets them. */
  text: string;
  /** The whole line, to find it on the page. */
  line: string;
}

function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|quot|apos|lt|gt|nbsp));/gi, (whole, dec, hex, named: string | undefined) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' }[named!.toLowerCase()] ?? whole;
  });
}

function bodyOf(html: string): string {
  const start = html.search(/<body[\s>]/i);
  const end = html.lastIndexOf('</body>');
  return html.slice(start < 0 ? 0 : start, end < 0 ? html.length : end);
}

/** The <body> as lines of pieces; hidden elements (the `hidden` attribute) and scripts are left out. */
export function textLines(html: string): Line[] {
  const lines: Line[] = [];
  let line: Line = [];
  let piece = '';
  const endPiece = (): void => {
    if (piece !== '') line.push(piece);
    piece = '';
  };
  const endLine = (): void => {
    endPiece();
    if (line.join('').trim() !== '') lines.push(line);
    line = [];
  };
  const skipping: string[] = [];
  for (const match of bodyOf(html).matchAll(TOKEN)) {
    const [token, rawName, attributes = ''] = match;
    const name = rawName?.toLowerCase();
    const closing = token.startsWith('</');
    if (skipping.length > 0) {
      if (name !== undefined && name === skipping.at(-1)) {
        if (closing) skipping.pop();
        else skipping.push(name);
      }
      continue;
    }
    if (token.startsWith('<!--') || name !== undefined) {
      endPiece();
      if (name === undefined) continue;
      if (!closing && !VOID.has(name) && !token.endsWith('/>') && (SKIPPED.has(name) || /\shidden(?:[\s=]|$)/.test(attributes))) skipping.push(name);
      else if (BLOCK.has(name)) endLine();
      else if (CELL.has(name)) line.push(' ');
      else if (name === 'img' && !closing) piece += decodeEntities(/\salt="([^"]*)"/.exec(attributes)?.[1] ?? '');
      continue;
    }
    piece += decodeEntities(token).replace(/\s+/g, ' ');
  }
  endLine();
  return lines;
}

const LEFT = /[\p{L}\d€).,;:!?]$/u;
const RIGHT = /^[\p{L}\d]/u;

/** Where a piece ending in a lower-case letter, digit, € or ")" runs into one starting with a capital or digit. */
export function gluedPairs(html: string): Glued[] {
  const found: Glued[] = [];
  for (const line of textLines(html)) {
    for (let i = 1; i < line.length; i++) {
      const left = line[i - 1]!;
      const right = line[i]!;
      if (LEFT.test(left) && RIGHT.test(right)) {
        found.push({ text: `${left.slice(-30).trimStart()}|${right.slice(0, 30).trimEnd()}`, line: line.join('').replace(/\s+/g, ' ').trim() });
      }
    }
  }
  return found;
}
