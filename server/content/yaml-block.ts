// A text written as a folded block scalar ("text: >-" and its indented lines) in place of one, so
// that a changed text of a data file keeps the form a developer gave it (server/content/yaml-edit.ts):
// the same header and indentation, the lines wrapped at spaces, a line break of the text as an
// empty line. Only what reads back the same is written this way; anything else (a line that starts
// or ends with a space, more than one line break at the end) is left to the caller's quoting.

/** Lines are wrapped once they would pass this column, as the files of data/ are written. */
const WIDTH = 100;

/** The text's words on lines of at most WIDTH columns after `indent`, broken only at a single space. */
function wrap(paragraph: string, indent: number): string[] {
  const lines: string[] = [];
  let rest = paragraph;
  while (indent + rest.length > WIDTH) {
    let at = -1;
    for (let index = Math.min(rest.length - 1, WIDTH - indent); index > 0; index--) {
      if (rest[index] === ' ' && rest[index - 1] !== ' ' && rest[index + 1] !== ' ') {
        at = index;
        break;
      }
    }
    // A word longer than the line, or no single space before it: break at the first one after it.
    if (at < 0) at = [...rest].findIndex((char, index) => index > 0 && char === ' ' && rest[index - 1] !== ' ' && rest[index + 1] !== ' ' && index < rest.length - 1);
    if (at < 0) break;
    lines.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  lines.push(rest);
  return lines;
}

/**
 * `value` as a folded block in place of `source` (the old block: its header, then its lines, up
 * to and with the last line's break), or null where a folded block cannot hold it exactly.
 */
export function foldedBlock(value: string, source: string): string | null {
  const [header = '', ...rest] = source.split('\n');
  const first = rest.find((line) => line.trim() !== '');
  if (!/^>[-+]?\s*$/.test(header) || first === undefined) return null;
  const indent = first.length - first.trimStart().length;
  const keep = value.endsWith('\n');
  const body = keep ? value.slice(0, -1) : value;
  // Leading or trailing spaces of a line, tabs, a text ending in line breaks: a quoted text says them plainly.
  if (body === '' || body.endsWith('\n') || /(^|\n)[ \t]|[ \t](\n|$)|\t|\r/.test(body)) return null;
  const lines = body.split('\n').flatMap((paragraph, index) => [...(index > 0 ? [''] : []), ...(paragraph === '' ? [] : wrap(paragraph, indent))]);
  const pad = ' '.repeat(indent);
  return `${keep ? '>' : '>-'}\n${lines.map((line) => (line === '' ? '' : pad + line)).join('\n')}\n`;
}
