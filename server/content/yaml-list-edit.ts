// Adding and removing an item of a list in a data file's YAML text (docs/owner-console.md, "Orte"):
// the structural edits server/content/yaml-edit.ts does not make. Like it, they work on the text
// itself, so every other byte of the file (comments, key order, quoting, folded texts, blank lines)
// stays as it was and a developer's diff shows the added or removed lines only.
//
// A block list's item is its "- " line and the lines below it indented deeper. The comment lines
// directly above an item head the items below them up to the next comment or blank line; they go
// with the last of those items (removing "Aprath" under "# Not one of the five Stadtteile …" removes
// the comment too; removing "City" under "# Innenstadt-West" keeps it for "Kreuzviertel"). A new
// item follows the list's own style: its indentation, its blank lines between items, flow maps
// ("- { name: Aprath, word: Ortsteil }") where the list writes them, and the quoting of a flow list
// (["Wikipedia: Haan"]). It goes after the last item, or in its alphabetical place when the list is
// sorted.
import { Document, isMap, isScalar, isSeq, parseDocument, stringify, type YAMLSeq } from 'yaml';
import { germanCollator } from '../../core/place-names.ts';
import { DataPathError, parseDataText } from './yaml-edit.ts';

/** Keys and list positions from the document's root to a list ("towns", 3, "districts"). */
export type ListKeys = readonly (string | number)[];

const lineStartAt = (text: string, offset: number): number => text.lastIndexOf('\n', offset - 1) + 1;
const nextLineAt = (text: string, offset: number): number => {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end + 1;
};
const indentOf = (line: string): number => line.length - line.trimStart().length;
const lineAt = (text: string, start: number): string => text.slice(start, nextLineAt(text, start)).replace(/\n$/, '');
const isBlank = (line: string): boolean => line.trim() === '';
const isComment = (line: string): boolean => line.trimStart().startsWith('#');

function listAt(document: Document, keys: ListKeys): YAMLSeq {
  const node = keys.length === 0 ? document.contents : document.getIn(keys, true);
  if (!isSeq(node) || !node.range) throw new DataPathError(`${keys.join('.')} is no list of the file`);
  return node;
}

/** Where a block list's item lies: its "- " line, the first line of the comments that go with it, and the end of its last line. */
interface ItemLines {
  dashLine: number;
  indent: number;
  from: number;
  end: number;
}

/** The item's "- " line and the lines below it indented deeper, without trailing blank lines. */
function itemExtent(text: string, item: unknown): Omit<ItemLines, 'from'> {
  const dashLine = lineStartAt(text, (item as { range: [number, number, number] }).range[0]);
  const indent = indentOf(lineAt(text, dashLine));
  let end = nextLineAt(text, dashLine);
  for (let at = end; at < text.length; at = nextLineAt(text, at)) {
    const line = lineAt(text, at);
    if (!isBlank(line) && indentOf(line) <= indent) break;
    if (!isBlank(line)) end = nextLineAt(text, at);
  }
  return { dashLine, indent, end };
}

/** Whether the list sets its items apart by blank lines (as data/places/ does its towns). */
function setApart(text: string, list: YAMLSeq): boolean {
  if (list.items.length < 2) return false;
  const { end } = itemExtent(text, list.items[0]);
  return end < text.length && isBlank(lineAt(text, end));
}

/**
 * The item's lines with the comment lines directly above it when they go with it: when no further
 * item of theirs follows it (the next line, or in a list set apart by blank lines the next
 * non-blank line, is no item of the list).
 */
function itemLines(text: string, item: unknown, apart: boolean): ItemLines {
  const { dashLine, indent, end } = itemExtent(text, item);
  let next = end;
  while (apart && next < text.length && isBlank(lineAt(text, next))) next = nextLineAt(text, next);
  const following = next < text.length ? lineAt(text, next) : '';
  const headsMore = indentOf(following) === indent && following.trimStart().startsWith('- ');
  let from = dashLine;
  while (!headsMore && from > 0) {
    const above = lineStartAt(text, from - 1);
    const line = lineAt(text, above);
    if (!isComment(line) || indentOf(line) < indent) break;
    from = above;
  }
  return { dashLine, indent, from, end };
}

/** The file's text without the list's item at `index`, and its own comment lines. */
export function removeListItem(text: string, keys: ListKeys, index: number): string {
  const list = listAt(parseDataText(text), keys);
  const item = list.items[index] as { range?: [number, number, number] } | undefined;
  if (!item?.range) throw new DataPathError(`${keys.join('.')} has no item ${index}`);
  if (list.flow) return removeFlowItem(text, list, index);
  const apart = setApart(text, list);
  const { from, end } = itemLines(text, item, apart);
  let start = from;
  let stop = end;
  // In a list set apart by blank lines, one blank line goes too: the one after the item, or, for
  // the last item, the one before it.
  if (apart && index < list.items.length - 1) stop = nextLineAt(text, stop);
  else if (apart && start > 0 && isBlank(lineAt(text, lineStartAt(text, start - 1)))) start = lineStartAt(text, start - 1);
  if (list.items.length > 1) return text.slice(0, start) + text.slice(stop);
  // The only item: the key stays with an empty list ("districts: []"), which the schemas read as none.
  const keyLine = lineStartAt(text, start - 1);
  const key = lineAt(text, keyLine);
  if (!/:\s*$/.test(key)) throw new DataPathError(`${keys.join('.')}: the line before its only item is no key`);
  return `${text.slice(0, keyLine)}${key.trimEnd()} []\n${text.slice(stop)}`;
}

function removeFlowItem(text: string, list: YAMLSeq, index: number): string {
  const ranges = list.items.map((item) => (item as { range: [number, number, number] }).range);
  const own = ranges[index]!;
  if (ranges.length === 1) return text.slice(0, own[0]) + text.slice(own[1]);
  // "a, b, c": an item goes with the separator after it; the last with the one before it.
  if (index < ranges.length - 1) return text.slice(0, own[0]) + text.slice(ranges[index + 1]![0]);
  return text.slice(0, ranges[index - 1]![1]) + text.slice(own[1]);
}

/**
 * A scalar as YAML on one line: plain where it reads back as the same string, double-quoted
 * otherwise (or always, as the list does); inside a flow list or map a comma or bracket would end
 * it, so such a text is quoted there.
 */
export function inlineScalar(value: string | number | boolean | null, quoted = false, inFlow = false): string {
  if (typeof value !== 'string') return String(value);
  if (!quoted && !(inFlow && /[,[\]{}]/.test(value))) {
    const plain = stringify(value, { lineWidth: 0, defaultStringType: 'PLAIN' }).replace(/\n$/, '');
    if (!plain.includes('\n') && !/^["']/.test(plain) && parseDocument(plain).toJS() === value) return plain;
  }
  return JSON.stringify(value);
}

/** An item as a flow map on one line: "{ name: Aprath, word: Ortsteil }". */
function flowMap(item: Record<string, unknown>): string {
  const pairs = Object.entries(item).map(([key, value]) => `${key}: ${Array.isArray(value) ? `[${value.map((entry) => inlineScalar(entry as string, false, true)).join(', ')}]` : inlineScalar(value as string, false, true)}`);
  return `{ ${pairs.join(', ')} }`;
}

/** Longer texts of a new item are folded (">-"), as the files write descriptions. */
const FOLD_FROM = 90;

/** How a new map item writes some of its values: keys whose text is double-quoted ("arrivalTime"), keys whose list of texts stays on one line ("sources"). */
export interface ItemStyle {
  quoted?: readonly string[];
  flow?: readonly string[];
}

/** A new item's lines as the list writes its items, indented to `indent`. */
function itemText(item: unknown, indent: number, flowMaps: boolean, style: ItemStyle): string {
  const pad = ' '.repeat(indent);
  if (item === null || typeof item !== 'object') return `${pad}- ${inlineScalar(item as string)}\n`;
  if (flowMaps) return `${pad}- ${flowMap(item as Record<string, unknown>)}\n`;
  const document = new Document(item);
  for (const pair of isMap(document.contents) ? document.contents.items : []) {
    const value = pair.value;
    const key = String((pair.key as { value?: unknown }).value);
    if (isSeq(value) && style.flow?.includes(key)) {
      value.flow = true;
      for (const entry of value.items) if (isScalar(entry) && typeof entry.value === 'string') entry.type = 'QUOTE_DOUBLE';
    }
    if (isScalar(value) && typeof value.value === 'string') {
      if (value.value.length > FOLD_FROM) value.type = 'BLOCK_FOLDED';
      else if (style.quoted?.includes(key)) value.type = 'QUOTE_DOUBLE';
    }
  }
  const lines = document.toString({ lineWidth: 100, flowCollectionPadding: false }).replace(/\n$/, '').split('\n');
  return lines.map((line, i) => `${pad}${i === 0 ? '- ' : '  '}${line}`.trimEnd()).join('\n') + '\n';
}

/** The name an item is sorted by: a plain text item itself, a map's `name`. */
const sortName = (item: unknown): string | null => (typeof item === 'string' ? item : item !== null && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string' ? (item as { name: string }).name : null);

/** A list of fewer items may be in order by chance. */
const SORTED_FROM = 4;

/** The position a new item takes: its alphabetical place when the list is sorted by name, the end otherwise. */
function insertionIndex(items: unknown[], item: unknown): number {
  const names = items.map(sortName);
  const name = sortName(item);
  const sorted = names.length >= SORTED_FROM && name !== null && names.every((entry, i) => entry !== null && (i === 0 || germanCollator.compare(names[i - 1]!, entry) <= 0));
  if (!sorted) return items.length;
  const at = names.findIndex((entry) => germanCollator.compare(entry!, name) > 0);
  return at < 0 ? items.length : at;
}

/** The file's text with `item` (a text, or a map of values written in `style`) added to the list. */
export function insertListItem(text: string, keys: ListKeys, item: unknown, style: ItemStyle = {}): string {
  const document = parseDataText(text);
  const list = listAt(document, keys);
  if (list.flow && list.items.length === 0 && typeof item === 'string') return replaceTextList(text, keys, [item]);
  if (list.items.length === 0) throw new DataPathError(`${keys.join('.')} is empty: a first item has no style to follow`);
  const values = list.toJS(document) as unknown[];
  const at = insertionIndex(values, item);
  if (list.flow) return insertFlowItem(text, list, at, item);
  const apart = setApart(text, list);
  const spans = list.items.map((entry) => itemLines(text, entry, apart));
  const { indent } = spans[0]!;
  const flowMaps = list.items.some((entry) => isMap(entry) && entry.flow);
  const lines = itemText(item, indent, flowMaps, style);
  if (at < spans.length) {
    const before = spans[at]!.from;
    return text.slice(0, before) + lines + (apart ? '\n' : '') + text.slice(before);
  }
  const after = spans.at(-1)!.end;
  const ending = after === text.length && !text.endsWith('\n') ? '\n' : '';
  return text.slice(0, after) + ending + (apart ? '\n' : '') + lines.slice(0, ending ? -1 : undefined) + text.slice(after);
}

function insertFlowItem(text: string, list: YAMLSeq, at: number, item: unknown): string {
  const quoted = list.items.every((entry) => isScalar(entry) && entry.type === 'QUOTE_DOUBLE');
  const source = typeof item === 'object' && item !== null ? flowMap(item as Record<string, unknown>) : inlineScalar(item as string, quoted, true);
  const ranges = list.items.map((entry) => (entry as { range: [number, number, number] }).range);
  if (at < ranges.length) return `${text.slice(0, ranges[at]![0])}${source}, ${text.slice(ranges[at]![0])}`;
  const end = ranges.at(-1)![1];
  return `${text.slice(0, end)}, ${source}${text.slice(end)}`;
}

/**
 * The file's text with the block list's item at `index` written anew as `item` (a text made a map
 * that gains keys: "- Huttrop" becomes "- name: Huttrop" with its description below), in the list's
 * indentation, always as a block map; its comment lines and every other byte stay.
 */
export function replaceListItem(text: string, keys: ListKeys, index: number, item: unknown, style: ItemStyle = {}): string {
  const list = listAt(parseDataText(text), keys);
  const entry = list.items[index];
  if (!entry || list.flow) throw new DataPathError(`${keys.join('.')} has no item ${index} in a block list`);
  const { dashLine, indent, end } = itemExtent(text, entry);
  return text.slice(0, dashLine) + itemText(item, indent, false, style) + text.slice(end);
}

/** Where a list of texts stands in the text, and its source with `values` in its own form: a flow list stays one line in its quoting, a block list keeps its indentation. */
export function textListSplice(text: string, document: Document, keys: ListKeys, values: readonly string[]): { start: number; end: number; source: string } {
  const list = listAt(document, keys);
  if (list.flow) {
    const quoted = list.items.length > 0 && list.items.every((entry) => isScalar(entry) && entry.type === 'QUOTE_DOUBLE');
    const start = list.range![0];
    return { start, end: text.lastIndexOf(']', list.range![1]) + 1, source: `[${values.map((value) => inlineScalar(value, quoted, true)).join(', ')}]` };
  }
  const first = itemExtent(text, list.items[0]);
  const last = itemExtent(text, list.items.at(-1));
  const pad = ' '.repeat(first.indent);
  return { start: first.dashLine, end: last.end, source: values.map((value) => `${pad}- ${inlineScalar(value)}\n`).join('') };
}

/** The file's text with a list of texts replaced by `values` in its own form; other bytes unchanged. */
export function replaceTextList(text: string, keys: ListKeys, values: readonly string[]): string {
  const { start, end, source } = textListSplice(text, parseDataText(text), keys, values);
  return text.slice(0, start) + source + text.slice(end);
}
