// Data texts may hold links written as in Markdown: "Mehr in der [Datenschutzerklärung](/datenschutz)."
// (templates/components/LinkedText.tsx renders them; core/schema/linked-text.ts checks them).
const LINK = /\[([^\]]+)\]\(([^)\s]*)\)/g;

export type TextPart = string | { text: string; href: string };

/** The text cut into plain runs and links, in order. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ text: match[1]!, href: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
