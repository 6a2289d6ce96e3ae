// What changed in a data file, in the owner's words (docs/owner-console.md, "Preview, publish,
// undo"): for a file a console form edits, each field whose value changed, by the field's label,
// with what visitors read before and after ("Zugefallene Tür: 69 € → 79 €"); for any other file,
// or one the forms cannot read, the lines that changed; for a photo, that it changed.
import type { ConsoleWords } from '../../core/schema/console.ts';
import { changeWords, shownValue, type FormField } from './form-fields.ts';
import { DATA_FORMS, dataOf, partOfSite } from './forms.ts';

export type ChangeLine =
  | { kind: 'value'; label: string; before: string; after: string; shownBefore?: string; shownAfter?: string }
  | { kind: 'added' | 'removed'; label: string; value: string }
  | { kind: 'lines'; removed: string[]; added: string[] }
  | { kind: 'file'; change: 'added' | 'removed' | 'changed' };

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

function fieldChanges(before: Map<string, FormField>, after: Map<string, FormField>): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const [path, field] of after) {
    const old = before.get(path);
    const label = field.name ?? field.label;
    if (!old) lines.push({ kind: 'added', label, value: shownValue(field, field.value) });
    else if (old.value !== field.value) {
      const shown = old.shown !== undefined && field.shown !== undefined && old.shown !== field.shown ? { shownBefore: old.shown, shownAfter: field.shown } : {};
      const { before: was, after: is } = changeWords(field, old.value, field.value);
      lines.push({ kind: 'value', label, before: was, after: is, ...shown });
    }
  }
  for (const [path, field] of before) if (!after.has(path)) lines.push({ kind: 'removed', label: field.name ?? field.label, value: shownValue(field, field.value) });
  return lines;
}

/** The lines only one side has, in their order (a multiset difference: enough for a data file). */
function lineChanges(before: string, after: string): ChangeLine {
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
    const old = formFieldsOf(file, before, words, dataDir);
    const now = formFieldsOf(file, after, words, dataDir);
    if (old && now) {
      const lines = fieldChanges(old, now);
      // A change the forms do not show (a comment, a value no field edits) still shows as lines.
      if (lines.length > 0) return { file, part, lines };
    }
  } catch {
    // A file the forms cannot read (a developer's change in another shape): its lines below.
  }
  return { file, part, lines: [lineChanges(before, after)] };
}
