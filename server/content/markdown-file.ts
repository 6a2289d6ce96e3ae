// A Markdown page of data/ (data/trust/*.md) as a data form edits it: its front matter is YAML,
// edited in place like any data file (server/content/yaml-edit.ts), and its body, the Markdown
// after the front matter, is one value named BODY_PATH. Every byte outside the changed values stays
// as it was: the front matter's comments and order, the "---" lines, the blank lines before the body.
import { DataPathError, editYamlText, frontMatterOf, parseDataText, type DataEdit } from './yaml-edit.ts';

/** The body's data path; no front matter of data/trust/ has this key (a test checks). */
export const BODY_PATH = 'body';

interface Parts {
  /** "---\n" */
  open: string;
  front: string;
  /** "---\n" and the blank lines before the body. */
  close: string;
  body: string;
}

function partsOf(text: string): Parts {
  const { yaml, start } = frontMatterOf(text);
  const after = text.slice(start + yaml.length);
  const close = /^---[ \t]*\r?\n\n*/.exec(after)?.[0] ?? after;
  return { open: text.slice(0, start), front: yaml, close, body: after.slice(close.length) };
}

/** The page's data: its front matter's, and the body at BODY_PATH. */
export function markdownData(text: string): Record<string, unknown> {
  const parts = partsOf(text);
  const front = parseDataText(parts.front).toJS() as Record<string, unknown> | null;
  if (front !== null && BODY_PATH in front) throw new DataPathError(`the front matter has a key "${BODY_PATH}", which names the body here`);
  return { ...front, [BODY_PATH]: parts.body };
}

/** The page's text with each value replaced (the body whole), and the data it now holds. */
export function editMarkdownText(text: string, edits: readonly DataEdit[]): { text: string; data: unknown } {
  const parts = partsOf(text);
  const body = edits.find((edit) => edit.path === BODY_PATH);
  const front = edits.filter((edit) => edit.path !== BODY_PATH);
  const frontText = front.length > 0 ? editYamlText(parts.front, front).text : parts.front;
  const result = parts.open + frontText + parts.close + (body ? String(body.value) : parts.body);
  return { text: result, data: markdownData(result) };
}

/** The lines of the page (from 0, first and last) its body stands on. */
export function bodyLines(text: string): [number, number] {
  const parts = partsOf(text);
  const first = (parts.open + parts.front + parts.close).split('\n').length - 1;
  return [first, Math.max(first, text.split('\n').length - 1)];
}
