// One field of a data form (server/owner/views/content-view.tsx): its input by its kind (a line, a
// textarea, a choice, a checkbox, a fact with its box "trifft nicht zu"), its label, hint, warning,
// problem and what visitors read, tied to the input for screen readers.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { ColumnHeads } from '../../../templates/components/ColumnHeads.tsx';
import { fieldId, NOT_APPLICABLE, typedForm, type FormField } from '../../content/form-fields.ts';

/** A field's value as its form holds it: a fact that does not apply as its ticked box. */
export const formValue = (field: FormField): string => (field.value === false && field.notApplicable ? NOT_APPLICABLE : typedForm(field.value));

/** A form's text as the owner reads it in a table: the box "trifft nicht zu" and a choice by their labels. */
export const typedLabel = (field: FormField, text: string): string => (text === NOT_APPLICABLE && field.notApplicable ? field.notApplicable : (field.choices?.find((choice) => choice.value === text)?.label ?? text));

/** Kinds whose typed line breaks are read as spaces (server/content/form-fields.ts): a long value of theirs gets lines of its own, so it can be read whole on a phone. */
const LINE_WRAPS = new Set<FormField['kind']>(['text', 'hours']);
/** What a field of a 360 px phone shows on one line. */
const ONE_LINE = 32;

/** The input's type: the phone keypad, the e-mail and address keyboards, the date picker; a plain text otherwise. */
const INPUT_TYPES: Partial<Record<FormField['kind'], string>> = { phone: 'tel', mobile: 'tel', email: 'email', url: 'url', date: 'date' };
const INPUT_MODES: Partial<Record<FormField['kind'], 'decimal' | 'numeric'>> = { euro: 'decimal', whole: 'numeric', postcode: 'numeric' };

/** A `fact` field's checkbox "trifft nicht zu": posted under the field's name, it makes the fact `false`. */
function NotApplicable({ field, id, checked }: { field: FormField; id: string; checked: boolean }) {
  return (
    <label className="console-check" htmlFor={`${id}-not-applicable`}>
      <input type="checkbox" id={`${id}-not-applicable`} name={field.path} value={NOT_APPLICABLE} defaultChecked={checked} /> {field.notApplicable}
    </label>
  );
}

export function Field({ field, typed, problem, words }: { field: FormField; typed: string | undefined; problem: string | undefined; words: ConsoleWords['form'] }) {
  const id = fieldId(field.path);
  const described = [problem ? `${id}-problem` : '', field.warning ? `${id}-warning` : '', field.hint ? `${id}-hint` : '', field.shown ? `${id}-shown` : ''].filter(Boolean).join(' ') || undefined;
  const value = typed ?? formValue(field);
  const common = { id, name: field.path, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described };
  const optional = field.kind === 'fact' || field.kind === 'vatId';
  return (
    <div className="console-field" data-problem={problem ? '' : undefined}>
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'choice' || field.kind === 'flag' ? (
        <select {...common} defaultValue={value}>
          {field.choices?.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : field.kind === 'textarea' || (LINE_WRAPS.has(field.kind) && value.length > ONE_LINE) ? (
        <textarea {...common} defaultValue={value} rows={Math.min(16, Math.ceil(value.length / 30) + value.split('\n').length)} required />
      ) : field.kind === 'checkbox' ? (
        // An unticked box sends nothing: the hidden "false" before it is then its value (server/content/save.ts).
        <>
          <input type="hidden" name={field.path} value="false" />
          <input {...common} type="checkbox" value="true" defaultChecked={value === 'true'} />
        </>
      ) : (
        <input {...common} type={INPUT_TYPES[field.kind] ?? 'text'} defaultValue={field.notApplicable !== undefined && value === NOT_APPLICABLE ? '' : value} inputMode={INPUT_MODES[field.kind]} required={!optional} />
      )}
      {field.note && <p className="console-note">{field.note}</p>}
      {field.notApplicable !== undefined && <NotApplicable field={field} id={id} checked={value === NOT_APPLICABLE} />}
      {problem && (
        <p className="console-field-problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      {field.warning && (
        <p className="console-field-warning" id={`${id}-warning`}>
          {field.warning}
        </p>
      )}
      {field.hint && (
        <p className="console-note" id={`${id}-hint`}>
          {field.hint}
        </p>
      )}
      {field.shown && (
        <p className="console-note" id={`${id}-shown`}>
          {fillSlots(words.shown, { text: field.shown })}
        </p>
      )}
    </div>
  );
}

/** After a refused save over a file that changed since the form was opened: each differing field, the owner's value beside the file's. */
export function VersionsTable({ rows, words }: { rows: readonly { path: string; label: string; yours: string; inFile: string }[]; words: ConsoleWords['form'] }) {
  return (
    <div className="console-table-wrap">
      <table className="console-table" id="vergleich">
        <thead>
          <tr>
            <ColumnHeads columns={[words.field, words.yours, words.inFile]} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path}>
              <th scope="row">{row.label}</th>
              <td>{row.yours}</td>
              <td>{row.inFile}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A form with more fields than this gets its submit button at the top too: on a phone the bottom one is a long scroll away (the Essen town form is some 40,000 px tall). */
const LONG_FORM_FIELDS = 12;

export const isLongForm = (groups: readonly { fields: readonly unknown[] }[]): boolean => groups.reduce((count, group) => count + group.fields.length, 0) > LONG_FORM_FIELDS;

/** The second submit button of a long form, above its fields: the same form, action and name as the one at its end. */
export function TopSubmit({ label }: { label: string }) {
  return (
    <p>
      <button className="btn btn-primary" type="submit">
        {label}
      </button>
    </p>
  );
}
