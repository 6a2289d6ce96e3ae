// What changed in a data file, in the owner's words (docs/owner-console.md, "Preview, publish,
// undo"): for a file a console form edits, each field whose value changed, by the field's label,
// with what visitors read before and after ("Zugefallene Tür: 69 € → 79 €"); for a town's file of
// data/places/, the same with the Orte form's labels (server/content/describe-places.ts); then, so
// that nothing changed is hidden, the lines that changed outside those fields (a comment, a value
// no field edits); for any other file, or one the forms cannot read, the lines that changed; for a
// photo, that it changed.
import type { ConsoleWords } from '../../core/schema/console.ts';
import { placeChanges } from './describe-places.ts';
import { changeWords, shownValue, type FormField } from './form-fields.ts';
import { DATA_FORMS, dataOf, partOfSite } from './forms.ts';
import { BODY_PATH, bodyLines } from './markdown-file.ts';
import { linesOfPath } from './yaml-edit.ts';

export type ChangeLine =
  | { kind: 'value'; label: string; before: string; after: string; shownBefore?: string; shownAfter?: string }
  | { kind: 'added' | 'removed'; label: string; value: string }
  | { kind: 'lines'; removed: string[]; added: string[] }
  | { kind: 'file'; change: 'added' | 'removed' | 'changed' };

export type LinesChange = Extract<ChangeLine, { kind: 'lines' }>;

/** The changes said in the owner's words, and the lines of the two texts (from 0) they account for. */
export interface Described {
  lines: ChangeLine[];
  said: { before: Set<number>; after: Set<number> };
}

export interface FileChange {
  /** "data/prices.yaml" */
  file: string;
  /** The part of the site as the owner knows it ("Preise", "Fotos"; server/content/forms.ts, partOfSite). */
  part: string;
  lines: ChangeLine[];
}

/** Lines of a text diff shown at most, each way: enough to see what happened, not a page of it. */
const MAX_LINES = 20;
const BINARY = /\.(jpe?g|png|webp|avif|heic|gif)$/i;

/** Every field of every form that edits `file`, by path, with the values of `text`; null when no form reads it (`dataDir`: where the forms look up what else they show). */
function formFieldsOf(file: string, text: string, words: ConsoleWords, dataDir: string): Map<string, FormField> | null {
  const forms = DATA_FORMS.filter((form) => `data/${form.file}` === file);
  if (forms.length === 0) return null;
  const fields = new Map<string, FormField>();
  for (const form of forms) for (const group of form.groups(dataOf(form, text), words, dataDir)) for (const field of group.fields) fields.set(field.path, field);
  return fields;
}

/** The changed fields in words, and the data paths they change on each side (with those a field derives, a phone number's e164). */
function fieldChanges(before: Map<string, FormField>, after: Map<string, FormField>): { lines: ChangeLine[]; paths: { before: string[]; after: string[] } } {
  const lines: ChangeLine[] = [];
  const paths = { before: [] as string[], after: [] as string[] };
  const written = (field: FormField) => [field.path, ...(field.derive?.(field.value).map((edit) => edit.path) ?? [])];
  for (const [path, field] of after) {
    const old = before.get(path);
    const label = field.name ?? field.label;
    if (!old) lines.push({ kind: 'added', label, value: shownValue(field, field.value) });
    else if (old.value !== field.value) {
      const shown = old.shown !== undefined && field.shown !== undefined && old.shown !== field.shown ? { shownBefore: old.shown, shownAfter: field.shown } : {};
      const { before: was, after: is } = changeWords(field, old.value, field.value);
      lines.push({ kind: 'value', label, before: was, after: is, ...shown });
      paths.before.push(...written(old));
    } else continue;
    paths.after.push(...written(field));
  }
  for (const [path, field] of before) {
    if (after.has(path)) continue;
    lines.push({ kind: 'removed', label: field.name ?? field.label, value: shownValue(field, field.value) });
    paths.before.push(...written(field));
  }
  return { lines, paths };
}

/** The lines (from 0) the values of `paths` stand on in a file's text: a Markdown page's body by its own lines. */
function linesOf(file: string, text: string, paths: readonly string[]): Set<number> {
  const lines = new Set<number>();
  for (const path of paths) {
    const span = file.endsWith('.md') && path === BODY_PATH ? bodyLines(text) : linesOfPath(file, text, path);
    if (span) for (let line = span[0]; line <= span[1]; line += 1) lines.add(line);
  }
  return lines;
}

/** The changed fields of a file the forms edit, or null when no form edits it. */
function formChanges(file: string, before: string, after: string, words: ConsoleWords, dataDir: string): Described | null {
  const old = formFieldsOf(file, before, words, dataDir);
  const now = formFieldsOf(file, after, words, dataDir);
  if (!old || !now) return null;
  const { lines, paths } = fieldChanges(old, now);
  return { lines, said: { before: linesOf(file, before, paths.before), after: linesOf(file, after, paths.after) } };
}

/** The lines only one side has, in their order (a multiset difference: enough for a data file). */
function lineChanges(before: string, after: string): LinesChange {
  const count = (text: string) => {
    const counts = new Map<string, number>();
    for (const line of text.split('\n')) if (line.trim() !== '') counts.set(line, (counts.get(line) ?? 0) + 1);
    return counts;
  };
  const only = (text: string, other: Map<string, number>) =>
    text.split('\n').filter((line) => {
      const left = other.get(line) ?? 0;
      if (line.trim() === '') return false;
      other.set(line, left - 1);
      return left <= 0;
    });
  return { kind: 'lines', removed: only(before, count(after)).slice(0, MAX_LINES), added: only(after, count(before)).slice(0, MAX_LINES) };
}

/** The change of `file` from `before` to `after` (null: the file did not exist). */
export function describeChange(file: string, before: string | null, after: string | null, words: ConsoleWords, dataDir: string): FileChange {
  const part = partOfSite(file, words);
  if (before === null || after === null || BINARY.test(file)) return { file, part, lines: [{ kind: 'file', change: before === null ? 'added' : after === null ? 'removed' : 'changed' }] };
  try {
    const described = file.startsWith('data/places/') ? placeChanges(before, after, words.places) : formChanges(file, before, after, words, dataDir);
    if (described) {
      // What changed besides the fields (a comment, a value no field edits) is shown as lines after them.
      const keep = (text: string, said: Set<number>) => text.split('\n').filter((_, line) => !said.has(line)).join('\n');
      const rest = lineChanges(keep(before, described.said.before), keep(after, described.said.after));
      const lines = rest.removed.length + rest.added.length > 0 ? [...described.lines, rest] : described.lines;
      if (lines.length > 0) return { file, part, lines };
    }
  } catch {
    // A file the forms cannot read (a developer's change in another shape): its lines below.
  }
  return { file, part, lines: [lineChanges(before, after)] };
}
