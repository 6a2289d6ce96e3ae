// The fields of a data form and how the owner's typed text becomes a value of the data file: each
// field is named by its data path (server/content/yaml-edit.ts) and has a kind that says what may be
// typed. A typed text that does not fit its kind gets the kind's German message
// (data/console.yaml, `form.problems`), and the file is not touched.
import type { ConsoleWords } from '../../core/schema/console.ts';
import { formatEuro } from '../../core/format.ts';
import { HOURS_PATTERN, TIME_PATTERN } from '../../core/schema/prices.ts';
import { fillSlots } from '../../core/slots.ts';
import { changedParts } from './kept-slots.ts';
import { factValue, type FactKind } from './fact-values.ts';
import type { DataEdit, EditValue } from './yaml-edit.ts';

/**
 * euro: an amount ("79", "79,50", "1.2"); whole: a whole number; time: "09:00"; hours: "Mo–Fr 8–18 Uhr …"; text; choice: one of `choices`;
 * line and textarea: a text of a page kept as typed (spaces too; a textarea's line breaks); checkbox: yes or no (server/owner/views/content-view.tsx, `Field`);
 * and the kinds of the business facts (server/content/fact-values.ts): phone, mobile, email, url, postcode, days, date, vatId, fact, flag.
 */
export type FieldKind = 'euro' | 'whole' | 'time' | 'hours' | 'text' | 'choice' | 'line' | 'textarea' | 'checkbox' | FactKind;

/** The value a `fact` field's checkbox "trifft nicht zu" posts under the field's name: the value it writes, `false`. */
export const NOT_APPLICABLE = 'false';

export interface FormField {
  /** The data path, also the form field's name. */
  path: string;
  label: string;
  /** What the field is called in the list of saved changes, where shorter than the label ("Zugefallene Tür"). */
  name?: string;
  kind: FieldKind;
  /** The value in the file. */
  value: EditValue;
  /** The choices of a `choice` field: value and label. */
  choices?: readonly { value: string; label: string }[];
  /** What a visitor reads for it with the file's values ("69 € Mo–Fr 8–18 Uhr außer an Feiertagen; sonst 138 €"). */
  shown?: string;
  /** The smallest value of a number. */
  min?: number;
  /** A changed text must keep the text's {{placeholders}} and {slots} (server/content/kept-slots.ts). */
  keepSlots?: boolean;
  /** A word to the owner under the field ("never shown on the site"). */
  note?: string;
  /** A plain German help below the label ("Leer lassen, solange …"). */
  hint?: string;
  /** What still needs doing about the value in the file before the site goes live (the example number, a missing fact). */
  warning?: string;
  /** A `fact` that may not apply to the business: the label of its checkbox, which makes it `false`. */
  notApplicable?: string;
  /**
   * The data edits a typed value makes, where it sets more than its own path (the phone number
   * typed once sets `phone.display` and `phone.e164`); without it, the one edit of `path`.
   */
  derive?: (value: EditValue) => DataEdit[];
}

export interface FieldGroup {
  title: string;
  fields: FormField[];
  /** A word to the owner under the group's title (where a promise appears on the site). */
  note?: string;
}

export type Problems = ReadonlyMap<string, string>;

type ProblemWords = ConsoleWords['form']['problems'];


/** The typed text as the field's value, or the German message of what is wrong. */
export function fieldValue(field: FormField, typed: string, words: ProblemWords): { value: EditValue } | { problem: string } {
  const text = typed.replace(/\s+/g, ' ').trim();
  switch (field.kind) {
    case 'euro': {
      const amount = euroAmount(text);
      if (amount === null) return { problem: words.euro };
      if (amount === 'cents') return { problem: words.cents };
      return atLeast(field, amount, words);
    }
    case 'whole':
      return /^\d{1,7}$/.test(text) ? atLeast(field, Number(text), words) : { problem: words.whole };
    case 'time': {
      const match = /^(\d{1,2})[:.](\d{2})(?: Uhr)?$/.exec(text);
      const time = match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : '';
      return TIME_PATTERN.test(time) ? { value: time } : { problem: words.time };
    }
    case 'hours':
      return HOURS_PATTERN.test(text) ? { value: text } : { problem: text === '' ? words.text : words.hours };
    case 'text':
      return text.length >= 2 ? { value: text } : { problem: words.text };
    case 'choice':
      return field.choices?.some((choice) => choice.value === text) ? { value: text } : { problem: words.choice };
    case 'line':
    case 'textarea':
      return pageText(field, typed, words);
    case 'checkbox':
      // The hidden "false" before the box is sent alone when the box is not ticked (server/content/save.ts).
      return text === 'true' || text === 'false' ? { value: text === 'true' } : { problem: words.checkbox };
    case 'phone':
    case 'mobile':
    case 'email':
    case 'url':
    case 'postcode':
    case 'days':
    case 'date':
    case 'vatId':
    case 'fact':
    case 'flag':
      return factValue(field.kind, text, { notApplicable: field.notApplicable !== undefined && text === NOT_APPLICABLE }, words);
  }
}

/** Spaces aside, the same text; a line break counts (a new paragraph of a textarea is a change). */
const spaced = (text: string) => text.replace(/[^\S\n]+/g, ' ').replace(/ ?\n ?/g, '\n').trim();
const sameWords = (a: string, b: string) => spaced(a) === spaced(b);

/**
 * A text of a page as typed: a browser's line breaks made "\n" (a line field has none), spaces
 * kept where they stand (" und alle weiteren." is joined to a word before it); the final line break
 * of a text, which a field cannot show, kept as the file has it. A text whose words and line breaks
 * are the file's, spaces aside, is the file's, unchanged. With `keepSlots`, its {{placeholders}} and
 * {slots} must be the file's.
 */
function pageText(field: FormField, typed: string, words: ProblemWords): { value: EditValue } | { problem: string } {
  const old = typeof field.value === 'string' ? field.value : '';
  const lines = typed.replace(/\r\n?/g, '\n');
  const text = (field.kind === 'line' ? lines.replace(/\n/g, ' ') : lines).replace(/\n+$/, '') + (old.endsWith('\n') ? '\n' : '');
  if (sameWords(text, old)) return { value: field.value };
  if (text.trim() === '') return { problem: words.text };
  if (!field.keepSlots) return { value: text };
  const { dropped, added } = changedParts(old, text);
  const problems = [dropped.length > 0 ? fillSlots(words.slotsDropped, { slots: dropped.join(' ') }) : '', added.length > 0 ? fillSlots(words.slotsAdded, { slots: added.join(' ') }) : ''];
  return dropped.length + added.length > 0 ? { problem: problems.filter(Boolean).join(' ') } : { value: text };
}

/** German thousands: "1.000", "12.500,50" (groups of three after the first, a dot between). */
const THOUSANDS = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d+))?$/;

/**
 * An amount as people write it: "79", "79,50", "1.2", "79,00 €", "79 EUR", "79,-", "79.-", and
 * "1.000" as a thousand; null when it is no amount, 'cents' when more than two digits follow the
 * decimal mark ("1,205" may be a thousand written the English way, so it is asked again).
 */
export function euroAmount(typed: string): number | null | 'cents' {
  const text = typed.replace(/\s*(?:€|EUR|Euro)$/i, '').replace(/[.,][-–]$/, '').trim();
  const grouped = THOUSANDS.exec(text);
  const match = grouped ? [text, grouped[1]!.replaceAll('.', ''), grouped[2]] : /^(\d{1,7})(?:[.,](\d+))?$/.exec(text);
  if (!match || match[1]!.length > 7) return null;
  if ((match[2] ?? '').length > 2) return 'cents';
  return Number(`${match[1]}.${match[2] ?? '0'}`);
}

function atLeast(field: FormField, value: number, words: ProblemWords): { value: EditValue } | { problem: string } {
  return field.min !== undefined && value < field.min ? { problem: fillSlots(words.atLeast, { min: field.min }) } : { value };
}

/** A form field's element id: its path, readable as an id and fragment ("feld-services-tuer-zugefallen-price"). */
export const fieldId = (path: string): string => `feld-${path.replace(/[^a-zA-Z0-9-]/g, '-')}`;

/** The value as the owner types it: German decimal comma. */
export function typedForm(value: EditValue): string {
  if (value === null) return '';
  return typeof value === 'number' ? String(value).replace('.', ',') : String(value);
}

/** The value as the owner reads it in a list of changes: an amount as the pages write it ("1,20 €"). */
export function shownValue(field: FormField, value: EditValue): string {
  if (field.kind === 'euro' && typeof value === 'number') return formatEuro(value);
  if (value === null) return '–';
  if (value === false && field.notApplicable) return field.notApplicable;
  if (field.kind === 'choice' || field.kind === 'checkbox' || field.kind === 'flag') return field.choices?.find((choice) => choice.value === String(value))?.label ?? String(value);
  return typedForm(value);
}

/** A changed value shown at most this long; a longer text shows the part that changed, with some context. */
const EXCERPT_LENGTH = 120;
const CONTEXT_LENGTH = 20;

/** The changed part of two long texts with a little context on each side ("…die Tür ist zu…"); short ones whole. */
export function changedExcerpts(before: string, after: string): [string, string] {
  if (before.length <= EXCERPT_LENGTH && after.length <= EXCERPT_LENGTH) return [before, after];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  const excerpt = (text: string) => {
    const from = Math.max(0, start - CONTEXT_LENGTH);
    const to = Math.min(text.length, text.length - end + CONTEXT_LENGTH);
    const part = text.slice(from, to);
    const cut = part.length > EXCERPT_LENGTH ? `${part.slice(0, EXCERPT_LENGTH)}…` : part;
    return `${from > 0 ? '…' : ''}${cut}${to < text.length && cut === part ? '…' : ''}`;
  };
  return [excerpt(before), excerpt(after)];
}

/** A change as the owner reads it in a list of changes: the field's short name, and the values before and after (the changed part of a long text). */
export function changeWords(field: FormField, before: EditValue, after: EditValue): { label: string; before: string; after: string } {
  const [was, is] = changedExcerpts(shownValue(field, before), shownValue(field, after));
  return { label: field.name ?? field.label, before: was, after: is };
}
