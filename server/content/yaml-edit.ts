// Changing values of a data file of data/ in place (docs/owner-console.md, "Editing the data"): each
// changed value is found with the `yaml` package's document API and only its own characters are
// replaced in the file's text, so comments, key order, quoting, folded texts and flow lists around
// it stay byte for byte as they were, and a developer's diff shows only the changed values.
// (`Document.toString()` would write the whole file anew: it folds long lines and respaces lists.)
//
// A value is named by its data path, the name of its form field: keys joined by dots, and an item
// of a list by its `id` instead of its position ("services.tuer-zugefallen.price" is the `price`
// of the item of `services` whose `id` is `tuer-zugefallen`). An item of a list whose items have no
// `id` (a list of texts, the cards of a page) is named by its position, counted from 0
// ("hero.slogans.0"): nothing else names it.
import { isMap, isScalar, isSeq, parseDocument, Scalar, stringify, type Document } from 'yaml';
import { foldedBlock } from './yaml-block.ts';

/** null: a fact not known yet (data/site.yaml writes it `null`). */
export type EditValue = string | number | boolean | null;

export interface DataEdit {
  /** The data path ("services.tuer-zugefallen.price"). */
  path: string;
  value: EditValue;
}

/** A data path that names no single value of the file, or a file that is no valid YAML: a programming or data error, never the owner's input. */
export class DataPathError extends Error {
  override name = 'DataPathError';
}

/**
 * The keys and list positions a data path names in the document, or null where it names nothing.
 * A list's item is named by its `id` (or, in a list without ids, by its position), or by what
 * `itemName` makes of it (the Orte form names towns and districts by their slug).
 */
export function documentPath(document: Document, path: string, itemName?: (item: unknown) => string | null): (string | number)[] | null {
  const keys: (string | number)[] = [];
  let node: unknown = document.contents;
  for (const segment of path.split('.')) {
    if (segment === '') return null;
    if (isMap(node)) {
      if (!node.has(segment)) return null;
      keys.push(segment);
      node = node.get(segment, true);
    } else if (isSeq(node) && itemName) {
      const index = node.items.findIndex((item) => itemName(item) === segment);
      if (index < 0) return null;
      keys.push(index);
      node = node.items[index];
    } else if (isSeq(node)) {
      let index = node.items.findIndex((item) => isMap(item) && item.get('id') === segment);
      const position = /^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : -1;
      if (index < 0 && position < node.items.length && !(isMap(node.items[position]) && typeof (node.items[position] as { get(key: string): unknown }).get('id') === 'string')) index = position;
      if (index < 0) return null;
      keys.push(index);
      node = node.items[index];
    } else {
      return null;
    }
  }
  return keys;
}

/** The scalar a data path names, or null. */
export function scalarAt(document: Document, path: string): Scalar | null {
  const keys = documentPath(document, path);
  if (keys === null) return null;
  const node = document.getIn(keys, true);
  return isScalar(node) ? node : null;
}

export function parseDataText(text: string): Document {
  const document = parseDocument(text);
  if (document.errors.length > 0) throw new DataPathError(`not valid YAML: ${document.errors[0]!.message.split('\n')[0]}`);
  return document;
}

/** The value as YAML on one line, in the old value's quoting where it can be read back the same; double quotes otherwise. A folded block stays one (`foldedBlock`) where it can. */
export function scalarSource(value: EditValue, old: Scalar, source: string): string {
  const block = old.type === 'BLOCK_FOLDED' && typeof value === 'string' ? foldedBlock(value, source) : null;
  if (block !== null) return block;
  // A block's old source ends with its line break, which the one-line value needs too.
  if (old.type === 'BLOCK_FOLDED' || old.type === 'BLOCK_LITERAL') return `${oneLine(value, old)}\n`;
  return oneLine(value, old);
}

function oneLine(value: EditValue, old: Scalar): string {
  const blockOrPlain = old.type === 'QUOTE_SINGLE' || old.type === 'QUOTE_DOUBLE' ? old.type : 'PLAIN';
  const written = typeof value === 'string' ? stringify(value, { lineWidth: 0, defaultStringType: blockOrPlain }).replace(/\n$/, '') : String(value);
  const readBack = written.includes('\n') ? undefined : (parseDocument(written).toJS() as unknown);
  return readBack === value ? written : JSON.stringify(value);
}

/**
 * A key the file lacks, added as the last line of its block map when the rest of the path names
 * one whose last value is a one-line scalar (a promise's `basis`, data/claims.yaml): the splice
 * that adds it after that line, or null.
 */
function addedKey(document: Document, text: string, edit: DataEdit): { start: number; end: number; source: string } | null {
  const key = edit.path.slice(edit.path.lastIndexOf('.') + 1);
  const keys = edit.path.includes('.') ? documentPath(document, edit.path.slice(0, edit.path.lastIndexOf('.'))) : [];
  const map = keys === null ? null : keys.length === 0 ? document.contents : document.getIn(keys, true);
  if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(key) || !isMap(map) || map.flow || map.has(key)) return null;
  const last = map.items.at(-1);
  if (!last || !isScalar(last.key) || !isScalar(last.value) || !last.key.range || !last.value.range || last.value.type?.startsWith('BLOCK')) return null;
  const lineStart = text.lastIndexOf('\n', last.key.range[0]) + 1;
  const lineEnd = text.indexOf('\n', last.value.range[1]);
  const at = lineEnd < 0 ? text.length : lineEnd;
  return { start: at, end: at, source: `\n${' '.repeat(last.key.range[0] - lineStart)}${key}: ${oneLine(edit.value, new Scalar(''))}` };
}

/**
 * The file's text with each value replaced, and the data it now holds. Refuses (DataPathError) a
 * path that names no single value, so nothing else of the file can change; a last key a block map
 * lacks is added (`addedKey`).
 */
export function editYamlText(text: string, edits: readonly DataEdit[]): { text: string; data: unknown } {
  const document = parseDataText(text);
  const splices = edits.map((edit) => {
    const scalar = scalarAt(document, edit.path);
    const added = scalar === null ? addedKey(document, text, edit) : null;
    if (added) return added;
    if (scalar === null || !scalar.range) throw new DataPathError(`${edit.path} names no value of the file`);
    // A key without a value ("rollNumber:") holds an empty null right after its colon: a space first.
    const empty = scalar.range[0] === scalar.range[1] && text[scalar.range[0] - 1] === ':';
    return { start: scalar.range[0], end: scalar.range[1], source: `${empty ? ' ' : ''}${scalarSource(edit.value, scalar, text.slice(scalar.range[0], scalar.range[1]))}` };
  });
  // From the end of the file backwards, so the offsets before each splice stay right.
  splices.sort((a, b) => b.start - a.start);
  let result = text;
  for (const { start, end, source } of splices) result = result.slice(0, start) + source + result.slice(end);
  const edited = parseDataText(result);
  for (const edit of edits) {
    if (scalarAt(edited, edit.path)?.value !== edit.value) throw new DataPathError(`${edit.path} did not read back as written`);
  }
  return { text: result, data: edited.toJS() as unknown };
}

/**
 * The YAML a data file holds and where it starts in the text: a .yaml file whole; of a .md file its
 * front matter, the lines between its first line "---" and the next (as gray-matter reads it,
 * build/load/files.ts), so that the Markdown after it is never touched.
 */
function yamlOf(file: string, text: string): { yaml: string; start: number } {
  return file.endsWith('.md') ? frontMatterOf(text, file) : { yaml: text, start: 0 };
}

/** A Markdown file's front matter, the lines between its first line "---" and the next, and where it starts; `file` names it in the error when there is none. */
export function frontMatterOf(text: string, file = 'the file'): { yaml: string; start: number } {
  const match = /^---\r?\n([\s\S]*?)^---[ \t]*$/m.exec(text);
  if (match?.index !== 0) throw new DataPathError(`${file} has no front matter between two lines "---"`);
  return { yaml: match[1]!, start: match[0].length - match[0].replace(/^---\r?\n/, '').length };
}

/** The document of a data file's YAML (a Markdown file's front matter). */
export function parseDataFile(file: string, text: string): Document {
  return parseDataText(yamlOf(file, text).yaml);
}

/** editYamlText on a data file's YAML (a Markdown file's front matter), the rest of its text as it was. */
export function editDataFile(file: string, text: string, edits: readonly DataEdit[]): { text: string; data: unknown } {
  const { yaml, start } = yamlOf(file, text);
  const edited = editYamlText(yaml, edits);
  return { text: text.slice(0, start) + edited.text + text.slice(start + yaml.length), data: edited.data };
}

/** The line of the file (from 1) where the value a data path names stands, or null. */
export function lineOfPath(file: string, text: string, path: string): number | null {
  const { yaml, start } = yamlOf(file, text);
  const range = scalarAt(parseDataText(yaml), path)?.range;
  return range ? text.slice(0, start + range[0]).split('\n').length : null;
}

/** The documents linesOfPath parsed last, by their YAML; only read. */
const describedDocuments = new Map<string, Document>();

/**
 * The lines of the file (from 0, first and last) the value a data path names stands on, or null
 * where it names none; `itemName` names a list's items as in documentPath (the Orte form's slugs).
 * A list's item or a map spans all its lines.
 */
export function linesOfPath(file: string, text: string, path: string, itemName?: (item: unknown) => string | null): [number, number] | null {
  const { yaml, start } = yamlOf(file, text);
  // A description asks for many paths of the same two texts: each is parsed once (a town's file takes some 30 ms).
  let document = describedDocuments.get(yaml);
  if (!document) {
    if (describedDocuments.size >= 4) describedDocuments.clear();
    document = parseDataText(yaml);
    describedDocuments.set(yaml, document);
  }
  const keys = documentPath(document, path, itemName);
  const node: unknown = keys === null || keys.length === 0 ? null : document.getIn(keys, true);
  const range = (node as { range?: [number, number, number] } | null)?.range;
  if (!range) return null;
  const line = (offset: number) => text.slice(0, start + offset).split('\n').length - 1;
  // The value's last character: a block's final line break belongs to its last line.
  return [line(range[0]), line(Math.max(range[0], range[1] - 1))];
}
