// The parts of a data text the build or a page fills in, which an edit in the console must keep:
// `{{placeholders}}` (a fact, a price, a promise of data/, build/load/placeholders.ts) and `{slots}`
// (what a page fills per place or per message, core/slots.ts). A changed text must name the same
// ones as the file's text, in any order: one dropped would leave a sentence without its price or
// town, one added names something the page may not fill.

const PARTS = /\{\{[^{}]*\}\}|\{[a-zA-Z]+\}/g;

/** The placeholders and slots a text names, each once, as written ("{{price:tuer-zugefallen}}", "{town}"); spaces inside {{ }} do not count. */
export function filledParts(text: string): string[] {
  return [...new Set([...text.matchAll(PARTS)].map(([part]) => part.replace(/\s+/g, '')))];
}

/** What `after` dropped of the parts `before` names, and what it names that `before` does not. */
export function changedParts(before: string, after: string): { dropped: string[]; added: string[] } {
  const [was, is] = [filledParts(before), filledParts(after)];
  return { dropped: was.filter((part) => !is.includes(part)), added: is.filter((part) => !was.includes(part)) };
}
