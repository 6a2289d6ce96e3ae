// Changing values of a data file of data/ in place (docs/owner-console.md, "Editing the data"): each
// changed value is found with the `yaml` package's document API and only its own characters are
// replaced in the file's text, so comments, key order, quoting, folded texts and flow lists around
// it stay byte for byte as they were, and a developer's diff shows only the changed values.
// (`Document.toString()` would write the whole file anew: it folds long lines and respaces lists.)
//
// A value is named by its data path, the name of its form field: keys joined by dots, and an item
// of a list by its `id` instead of its position ("services.tuer-zugefallen.price" is the `price`
// of the item of `services` whose `id` is `tuer-zugefallen`).
import { isMap, isScalar, isSeq, parseDocument, Scalar, stringify, type Document } from 'yaml';

export type EditValue = string | number | boolean;

export interface DataEdit {
  /** The data path ("services.tuer-zugefallen.price"). */
  path: string;
  value: EditValue;
}

/** A data path that names no single value of the file, or a file that is no valid YAML: a programming or data error, never the owner's input. */
export class DataPathError extends Error {
  override name = 'DataPathError';
}

/** The keys and list positions a data path names in the document, or null where it names nothing. */
export function documentPath(document: Document, path: string): (string | number)[] | null {
  const keys: (string | number)[] = [];
  let node: unknown = document.contents;
  for (const segment of path.split('.')) {
    if (segment === '') return null;
    if (isMap(node)) {
      if (!node.has(segment)) return null;
      keys.push(segment);
      node = node.get(segment, true);
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => isMap(item) && item.get('id') === segment);
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

/** The value as YAML on one line, in the old value's quoting where it can be read back the same; double quotes otherwise. */
export function scalarSource(value: EditValue, old: Scalar): string {
  const blockOrPlain = old.type === 'QUOTE_SINGLE' || old.type === 'QUOTE_DOUBLE' ? old.type : 'PLAIN';
  const written = typeof value === 'string' ? stringify(value, { lineWidth: 0, defaultStringType: blockOrPlain }).replace(/\n$/, '') : String(value);
  const readBack = written.includes('\n') ? undefined : (parseDocument(written).toJS() as unknown);
  return readBack === value ? written : JSON.stringify(value);
}

/**
 * The file's text with each value replaced, and the data it now holds. Refuses (DataPathError) a
 * path that names no single value, so nothing else of the file can change.
 */
export function editYamlText(text: string, edits: readonly DataEdit[]): { text: string; data: unknown } {
  const document = parseDataText(text);
  const splices = edits.map((edit) => {
    const scalar = scalarAt(document, edit.path);
    if (scalar === null || !scalar.range) throw new DataPathError(`${edit.path} names no value of the file`);
    return { start: scalar.range[0], end: scalar.range[1], source: scalarSource(edit.value, scalar) };
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
