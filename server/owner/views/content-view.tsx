// Inhalte: what the owner can change of the site (only what exists), and a data form such as the
// Preise form: one field per value, named by its data path, with what a visitor reads beside it, each
// problem next to its field and in a list of links at the top, and after a refused save the
// owner's typed values again. A plain POST form: it works without JavaScript.
import type { ReactNode } from 'react';
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { ColumnHeads } from '../../../templates/components/ColumnHeads.tsx';
import { fieldId, shownValue, typedForm, type FieldGroup, type FormField, type Problems } from '../../content/form-fields.ts';
import { DATA_FORMS, type DataForm } from '../../content/forms.ts';
import { VERSION_FIELD, type Change } from '../../content/save.ts';
import { consolePage, Notice, SECTION_PATHS, type ConsolePage } from './render.tsx';
import { PLACES_PATH } from './places-view.tsx';

/** A form's address: /intern/inhalte/<slug>. */
export const formPath = (form: Pick<DataForm, 'slug'>): string => `${SECTION_PATHS.content}/${form.slug}`;

export function contentPage(words: ConsoleWords): ConsolePage {
  const w = words.content;
  return consolePage(
    w.title,
    'content',
    <>
      <p className="console-note">{w.intro}</p>
      <ul className="console-list">
        {DATA_FORMS.map((form) => (
          <li className="console-item" key={form.slug}>
            <h2>
              <a href={formPath(form)}>{form.title(words)}</a>
            </h2>
            <p>{w.sections[form.slug]?.text}</p>
          </li>
        ))}
        <li className="console-item">
          <h2>
            <a href={PLACES_PATH}>{words.places.title}</a>
          </h2>
          <p>{w.sections['orte']?.text}</p>
        </li>
      </ul>
    </>,
  );
}

export interface FormState {
  groups: FieldGroup[];
  /** The file's version the form was opened on. */
  version: string;
  /** What the owner typed, shown instead of the file's values after a refused save. */
  typed?: ReadonlyMap<string, string>;
  problems?: Problems;
  saved?: Change[];
  /** A notice at the top: nothing changed, the check did not run, an unknown field, a conflict. */
  notice?: { kind: 'info' | 'error'; text: string };
  /** After a conflict: the owner's typed values beside the file's. */
  conflict?: ReadonlyMap<string, string>;
}

function Field({ field, typed, problem, words }: { field: FormField; typed: string | undefined; problem: string | undefined; words: ConsoleWords['form'] }) {
  const id = fieldId(field.path);
  const described = [problem ? `${id}-problem` : '', field.shown ? `${id}-shown` : ''].filter(Boolean).join(' ') || undefined;
  const value = typed ?? typedForm(field.value);
  const common = { id, name: field.path, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described };
  return (
    <div className="console-field" data-problem={problem ? '' : undefined}>
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'choice' ? (
        <select {...common} defaultValue={value}>
          {field.choices?.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type="text" defaultValue={value} inputMode={field.kind === 'euro' ? 'decimal' : field.kind === 'whole' ? 'numeric' : undefined} required />
      )}
      {problem && (
        <p className="console-field-problem" id={`${id}-problem`}>
          {problem}
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

function ProblemList({ fields, problems, words }: { fields: FormField[]; problems: Problems; words: ConsoleWords['form'] }) {
  return (
    <div className="console-notice" data-kind="error" role="alert" id="probleme">
      <p>{words.problemsTitle}</p>
      <ul>
        {fields
          .filter((field) => problems.has(field.path))
          .map((field) => (
            <li key={field.path}>
              <a href={`#${fieldId(field.path)}`}>{field.label}</a>: {problems.get(field.path)}
            </li>
          ))}
      </ul>
    </div>
  );
}

function ConflictTable({ fields, typed, words }: { fields: FormField[]; typed: ReadonlyMap<string, string>; words: ConsoleWords['form'] }) {
  const differing = fields.filter((field) => typed.has(field.path) && typed.get(field.path)!.trim() !== typedForm(field.value));
  return (
    <div className="console-table-wrap">
      <table className="console-table" id="vergleich">
        <thead>
          <tr>
            <ColumnHeads columns={[words.field, words.yours, words.inFile]} />
          </tr>
        </thead>
        <tbody>
          {differing.map((field) => (
            <tr key={field.path}>
              <th scope="row">{field.label}</th>
              <td>{typed.get(field.path)}</td>
              <td>{typedForm(field.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Saved({ changes, file, words }: { changes: Change[]; file: string; words: ConsoleWords['form'] }) {
  return (
    <div className="console-notice" role="status" id="gespeichert">
      <p>{fillSlots(words.saved, { file })}</p>
      <ul>
        {changes.map(({ field, before, after }) => (
          <li key={field.path}>{fillSlots(words.change, { label: field.name ?? field.label, before: shownValue(field, before), after: shownValue(field, after) })}</li>
        ))}
      </ul>
      <p>{words.rebuild}</p>
    </div>
  );
}

/** A data form's page; `file` is the file it edits as the owner knows it ("data/prices.yaml"). */
export function dataFormPage(words: ConsoleWords, form: DataForm, file: string, state: FormState): ConsolePage {
  const w = words.form;
  const fields = state.groups.flatMap((group) => group.fields);
  const top: ReactNode[] = [];
  if (state.saved) top.push(<Saved key="saved" changes={state.saved} file={file} words={w} />);
  if (state.notice) top.push(<Notice key="notice" kind={state.notice.kind}>{state.notice.text}</Notice>);
  if (state.conflict) top.push(<ConflictTable key="conflict" fields={fields} typed={state.conflict} words={w} />);
  if (state.problems && state.problems.size > 0) top.push(<ProblemList key="problems" fields={fields} problems={state.problems} words={w} />);
  return consolePage(
    form.title(words),
    'content',
    <>
      {top}
      <p className="console-note">{form.intro(words)}</p>
      <form className="console-form" method="post" action={formPath(form)} noValidate>
        <input type="hidden" name={VERSION_FIELD} value={state.version} />
        {state.groups.map((group) => (
          <fieldset key={group.title}>
            <legend>{group.title}</legend>
            {group.fields.map((field) => (
              <Field key={field.path} field={field} typed={state.typed?.get(field.path)} problem={state.problems?.get(field.path)} words={w} />
            ))}
          </fieldset>
        ))}
        <button className="btn btn-primary" type="submit">
          {w.save}
        </button>
      </form>
    </>,
  );
}
