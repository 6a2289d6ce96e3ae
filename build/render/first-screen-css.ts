// The first screen of every page is styled by rules inline in its head, so the first paint needs
// nothing but the HTML; the whole stylesheet follows after the
// first paint (templates/layout/Document.tsx, client/boot.ts). The inline rules are the one
// stylesheet's own (templates/styles/), those whose selector can match the markup of the page's
// first screen (everything before the end of the second section of <main>, the floating buttons
// and the consent banner) or that markup with a class the page script sets on it (its built
// bundle: a shown button, an open banner), so applying the rest shifts nothing. A selector made of
// the script's words alone (`.faq details`, `.map-frame`: the script looks for them further down)
// names nothing of the first screen and is not inline: about 200 bytes of brotli on every page,
// which took the home page's response past the first round trip.
//
// How a rule is chosen (as PurgeCSS decides, which did this before, but with the stylesheet parsed
// once per build instead of once per page kind: PurgeCSS took 60 ms a run, and the place pages
// alone show ten different first screens):
// - a selector needs its type, class and id names, its attribute names and exact attribute values
//   among the words of the page's tags; what a pseudo-class wraps (`:not(.x)`, `:is(…)`) is not
//   required, so when in doubt a selector is kept: more CSS inline, never a shift when the
//   stylesheet arrives; a rule keeps the selectors of its list that can match;
// - custom properties, @keyframes and @font-face stay only where a kept rule uses them.
// The result depends only on which of the stylesheet's own words the page uses, so pages that
// share those words share one computed result (build/pipeline.ts counts them).
//
// Measured on the home page against the Astro peer (npm run bench -- peers, Lighthouse 12 mobile, median
// of 3, one run each): with the stylesheet as a blocking link FCP 1,113 ms (Astro 847); with all of
// the template's rules inline (24 KB raw, 16.5 KiB brotli of HTML, past the first 14 KB round
// trip) FCP 1,192 ms and LCP 1,342 ms, worse; hence only the first screen's rules.
import postcss, { type AtRule, type ChildNode, type Container, type Declaration, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { firstScreenParts } from './first-screen-markup.ts';

const WORD = /[A-Za-z0-9_-]+/g;
/** Tags and shared parts whose words are remembered at once: memory stays flat however many pages there are. */
const MAX_REMEMBERED_TAGS = 10_000;
const MAX_REMEMBERED_PARTS = 256;
const VARIABLE_USE = /var\(\s*(--[A-Za-z0-9_-]+)/g;
/** At-rules whose rules apply under a condition; they stay when one of their rules does. */
const CONDITIONAL = new Set(['media', 'supports', 'layer', 'container', 'scope']);

/** A copy of a string (V8 keeps a slice of a string as a view of the whole page, which a map key would keep alive). */
function copy(text: string): string {
  return Buffer.from(text).toString();
}

/**
 * What one selector of a list needs in the markup, as words, one list per compound (the part
 * between two combinators, one element); pseudo-classes and what they wrap need nothing.
 */
function requiredWords(selector: string): string[][] {
  const compounds: string[][] = [[]];
  selectorParser((root) => {
    for (const complex of root.nodes) {
      for (const node of complex.nodes) {
        if (node.type === 'combinator') {
          compounds.push([]);
          continue;
        }
        const words = compounds.at(-1)!;
        const name = node.type === 'tag' ? node.value.toLowerCase() : node.type === 'class' || node.type === 'id' ? node.value : node.type === 'attribute' ? node.attribute : '';
        words.push(...(name.match(WORD) ?? []));
        // An exact attribute value (`[data-page=order]`) must be there too; a partial one (`^=`, `*=`) need not.
        if (node.type === 'attribute' && node.operator === '=' && node.value) words.push(...(node.value.match(WORD) ?? []));
      }
    }
  }).processSync(selector);
  return compounds;
}

interface Candidate {
  rule: Rule;
  /** Per selector of the rule's list, its compounds' words: the rule is kept when one selector can match. */
  needs: string[][][];
}

/** The stylesheet parsed, with what each rule needs: made only when a first screen is computed. */
interface Parsed {
  root: postcss.Root;
  candidates: Map<Rule, Candidate>;
}

export class FirstScreenCss {
  /** Computed CSS by the sorted words a page shares with the stylesheet. */
  private readonly computed = new Map<string, string>();
  /** Every word some selector of the stylesheet needs (the only words of a page that matter), as the stylesheet's own string. */
  private readonly vocabulary = new Map<string, string>();
  private readonly parsed: Parsed;
  /** The stylesheet's words in a tag, by the tag's text. */
  private readonly tagWords = new Map<string, string[]>();
  /** The stylesheet's words in a part every page shares (the header, say), by the part's text. */
  private readonly partWords = new Map<string, string[]>();
  /** The words of the page script, present on every page (classes it sets). */
  private readonly scriptWords: ReadonlySet<string>;

  /** `css`: the built stylesheet; `script`: the built page script, minified (its class strings without the words of comments). */
  constructor(css: string, script: string) {
    const root = postcss.parse(css);
    const candidates = new Map<Rule, Candidate>();
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as AtRule).name)) return;
      const needs = rule.selectors.map(requiredWords);
      for (const compounds of needs) for (const words of compounds) for (const word of words) this.vocabulary.set(word, word);
      candidates.set(rule, { rule, needs });
    });
    this.parsed = { root, candidates };
    this.scriptWords = new Set(script.match(WORD) ?? []);
  }

  /** The different first screens computed so far, each by the words it was computed for. */
  keys(): string[] {
    return [...this.computed.keys()];
  }

  /** The inline CSS for a page's first screen. */
  forPage(html: string): string {
    const words = new Set<string>();
    for (const part of firstScreenParts(html)) {
      if (part.shared) {
        // The parts every page shares are the same strings on a thousand pages: read once each.
        let found = this.partWords.get(part.text);
        if (found === undefined) {
          found = [...new Set(this.tagsWords(part.text))];
          if (this.partWords.size >= MAX_REMEMBERED_PARTS) this.partWords.clear();
          this.partWords.set(copy(part.text), found);
        }
        for (const word of found) words.add(word);
      } else {
        for (const word of this.tagsWords(part.text)) words.add(word);
      }
    }
    const fromScript = new Set<string>();
    for (const word of this.scriptWords) if (this.vocabulary.has(word) && !words.has(word)) fromScript.add(this.vocabulary.get(word)!);
    const key = `${[...words].sort().join(' ')} | ${[...fromScript].sort().join(' ')}`;
    let css = this.computed.get(key);
    if (css === undefined) {
      css = this.select(words, fromScript);
      this.computed.set(key, css);
    }
    return css;
  }

  /** The stylesheet's words in the tags of `markup`, with repeats. */
  private *tagsWords(markup: string): Generator<string> {
    for (const tag of markup.matchAll(/<[a-zA-Z][^>]*>/g)) {
      let found = this.tagWords.get(tag[0]);
      if (found === undefined) {
        // The vocabulary's own strings: a word cut from the page would keep the whole page alive.
        found = (tag[0].match(WORD) ?? []).flatMap((word) => this.vocabulary.get(word) ?? []);
        // Most tags recur on every page (buttons, list items); links to places do not.
        if (this.tagWords.size >= MAX_REMEMBERED_TAGS) this.tagWords.clear();
        this.tagWords.set(copy(tag[0]), found);
      }
      yield* found;
    }
  }

  private select(words: ReadonlySet<string>, fromScript: ReadonlySet<string>): string {
    const { root, candidates } = this.parsed;
    // Every word somewhere, and each element the selector names one of the first screen's: the
    // script sets classes on elements that are there, it does not make them.
    const matches = (compounds: string[][]) =>
      compounds.every((need) => need.every((word) => words.has(word) || fromScript.has(word)) && (need.length === 0 || need.some((word) => words.has(word))));
    /** The rule with only the selectors of its list that can match, or nothing. */
    const keep = (rule: Rule): Rule[] => {
      const { needs } = candidates.get(rule)!;
      const selectors = rule.selectors.filter((_selector, index) => matches(needs[index]!));
      if (selectors.length === 0) return [];
      return [selectors.length === needs.length ? rule.clone() : rule.clone({ selector: selectors.join(',') })];
    };
    const keyframes: AtRule[] = [];
    const fontFaces: AtRule[] = [];
    const pick = (container: Container): ChildNode[] =>
      (container.nodes ?? []).flatMap((node): ChildNode[] => {
        if (node.type === 'rule') return keep(node);
        if (node.type !== 'atrule') return [];
        if (/keyframes$/.test(node.name)) keyframes.push(node);
        else if (node.name === 'font-face') fontFaces.push(node);
        else if (!node.nodes) return [node.clone()];
        else if (CONDITIONAL.has(node.name)) {
          const inner = pick(node);
          return inner.length > 0 ? [node.clone({ nodes: [] }).append(inner)] : [];
        }
        return [];
      });
    const out = postcss.root();
    out.append(pick(root));
    dropUnusedVariables(out);
    const values: string[] = [];
    out.walkDecls((decl) => {
      values.push(decl.value);
    });
    const used = (name: string) => values.some((value) => value.includes(name));
    for (const frames of keyframes) if (used(frames.params.trim())) out.append(frames.clone());
    for (const face of fontFaces) {
      const families: string[] = [];
      face.walkDecls('font-family', (decl) => {
        families.push(decl.value.replace(/["']/g, '').trim());
      });
      if (families.some(used)) out.prepend(face.clone());
    }
    // Written back from the minified stylesheet's tree, whose nodes keep their minified spacing
    // (minifying the result again with esbuild changed no byte and cost 7 ms a first screen).
    return out.toString().trim();
  }
}

/** Custom property declarations no kept declaration reads (directly or through another property) go. */
function dropUnusedVariables(root: postcss.Root): void {
  const definitions = new Map<string, Declaration[]>();
  const used = new Set<string>();
  const pending: string[] = [];
  const read = (value: string) => {
    for (const match of value.matchAll(VARIABLE_USE)) {
      if (!used.has(match[1]!)) {
        used.add(match[1]!);
        pending.push(match[1]!);
      }
    }
  };
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--')) definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl]);
    else read(decl.value);
  });
  while (pending.length > 0) for (const decl of definitions.get(pending.pop()!) ?? []) read(decl.value);
  for (const [name, decls] of definitions) if (!used.has(name)) for (const decl of decls) decl.remove();
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((rule) => {
    if (rule.nodes && rule.nodes.length === 0) rule.remove();
  });
}

/** The page with `css` inline just before its <noscript> stylesheet link. */
export function inlineFirstScreenCss(html: string, href: string, css: string): string {
  const anchor = `<noscript><link rel="stylesheet" href="${href}"/></noscript>`;
  const at = html.indexOf(anchor);
  if (at === -1) throw new Error(`The page has no ${anchor}; templates/layout/Document.tsx and build/render/first-screen-css.ts disagree.`);
  // "</style" inside a rule (in a string or a comment) would end the element early.
  return `${html.slice(0, at)}<style>${css.replaceAll('</style', '<\\/style')}</style>${html.slice(at)}`;
}
