// Where a data problem lies in its file, found once loading failed: the line of the field (or of
// the nearest enclosing one that is there, for a missing field), and each listed item on the way
// named by its own name, "town 'Herdecke'", or counted from 1 where it has none, "the 3rd review".
// The file is parsed again for its positions: the build keeps only the values of a file that loads
// (build/load/parsed-data.ts), and a failed build can spend the few milliseconds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { DataError, DataErrors, formatPath, parsePath } from '../data-error.ts';

/** The keys that name an item of a list, the first one present: a town's name, a price's title. */
const NAME_KEYS = ['name', 'title', 'label', 'question', 'heading', 'id', 'slug', 'table', 'topic', 'days', 'year'];
const LONGEST_NAME = 40;

interface Source {
  document: Document;
  line: (offset: number) => number;
}

/** A YAML file, or a Markdown file's front matter (after its first line, `---`). */
function sourceOf(text: string, markdown: boolean): Source | undefined {
  let yamlText = text;
  let lineOffset = 0;
  if (markdown) {
    const frontMatter = /^---[^\n]*\n([^]*?)^---/m.exec(text);
    if (frontMatter?.index !== 0) return undefined;
    yamlText = frontMatter[1]!;
    lineOffset = 1;
  }
  const counter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter: counter });
  if (document.errors.length > 0) return undefined;
  return { document, line: (offset) => counter.linePos(offset).line + lineOffset };
}

function ordinal(count: number): string {
  const suffix = count % 100 >= 11 && count % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[count % 10] ?? 'th';
  return `${count}${suffix}`;
}

/** What one entry of a list is called: "town" in `towns`, "entry of office" where the list's name is no plural. */
function itemWord(list: string | undefined): { named: string; counted: string } {
  if (list === undefined) return { named: 'entry', counted: 'entry' };
  if (/[^s]s$/.test(list)) return { named: list.slice(0, -1), counted: list.slice(0, -1) };
  return { named: `${list} entry`, counted: `entry of ${list}` };
}

/** An item's name: its name key's value (shortened), or a short text itself ("Rüttenscheid"); none for a sentence. */
function nameOf(item: unknown): string | undefined {
  if (isScalar(item)) {
    const text = typeof item.value === 'string' || typeof item.value === 'number' ? String(item.value).trim() : '';
    return text !== '' && text.length <= LONGEST_NAME ? text : undefined;
  }
  if (!isMap(item)) return undefined;
  const name = NAME_KEYS.map((key) => item.get(key)).find((value) => typeof value === 'string' || typeof value === 'number');
  const text = name === undefined ? '' : String(name).trim();
  if (text === '') return undefined;
  return text.length > LONGEST_NAME ? `${text.slice(0, LONGEST_NAME - 1)}…` : text;
}

/** One item of a list, as the owner knows it: "town 'Herdecke'", "the 3rd advantage". */
function itemLabel(list: string | undefined, item: unknown, index: number): string {
  const word = itemWord(list);
  const name = nameOf(item);
  return name === undefined ? `the ${ordinal(index + 1)} ${word.counted}` : `${word.named} '${name}'`;
}

/** The problem at its line, its field named within the item it belongs to; the same problem when its field is not in the file. */
function locate(error: DataError, source: Source): DataError {
  const path = parsePath(error.field);
  if (!path) return error;
  let node: unknown = source.document.contents;
  let line: number | undefined;
  const items: string[] = [];
  let keys: string[] = [];
  let found = 0;
  for (const key of path) {
    if (typeof key === 'number') {
      const item = isSeq(node) ? (node.items[key] as Node | undefined) : undefined;
      if (!item) break;
      const list = keys.pop();
      if (keys.length > 0) items.push(keys.join('.'));
      keys = [];
      items.push(itemLabel(list, item, key));
      line = item.range ? source.line(item.range[0]) : line;
      node = item;
    } else {
      const pair = isMap(node) ? node.items.find((candidate) => isScalar(candidate.key) && String(candidate.key.value) === key) : undefined;
      if (!pair) break;
      keys.push(key);
      const at = isScalar(pair.key) ? pair.key.range : undefined;
      line = at ? source.line(at[0]) : line;
      node = pair.value;
    }
    found++;
  }
  if (found === 0) return error;
  const field = formatPath([...keys, ...path.slice(found)]);
  return new DataError(error.file, field, error.problem, { line, ...(items.length > 0 ? { item: items.join(', ') } : {}) });
}

/**
 * The same problems, each at its line and named by its item where it lies in a data file
 * ("data/places/ruhrgebiet.yaml:512, town 'Herdecke': arrivalTime: is missing"); anything else as it is.
 */
export function withLines<E>(error: E, dataDir: string): E | DataErrors {
  if (!(error instanceof DataError) && !(error instanceof DataErrors)) return error;
  const sources = new Map<string, Source | undefined>();
  const sourceFor = (file: string): Source | undefined => {
    if (!sources.has(file)) {
      let source: Source | undefined;
      try {
        source = sourceOf(readFileSync(join(dataDir, file.slice('data/'.length)), 'utf8'), file.endsWith('.md'));
      } catch {
        source = undefined;
      }
      sources.set(file, source);
    }
    return sources.get(file);
  };
  const located = (one: DataError): DataError => {
    if (one.where.line !== undefined || !/^data\/.+\.(ya?ml|md)$/.test(one.file) || one.constructor !== DataError) return one;
    const source = sourceFor(one.file);
    return source ? locate(one, source) : one;
  };
  return new DataErrors(error instanceof DataError ? [located(error)] : error.errors.map(located));
}
