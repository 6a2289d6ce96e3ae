// Inhalte: what the owner can change of the site (only what exists), and a data form such as the
// Preise form: one field per value, named by its data path, with what a visitor reads beside it, each
// problem next to its field and in a list of links at the top, and after a refused save the
// owner's typed values again. A plain POST form: it works without JavaScript.
import type { ReactNode } from 'react';
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { changeWords, fieldId, fieldValue, shownValue, type FieldGroup, type FormField, type Problems } from '../../content/form-fields.ts';
import { Field, formValue, isLongForm, TopSubmit, typedLabel, VersionsTable } from './form-field-view.tsx';
import { DATA_FORMS, type DataForm } from '../../content/forms.ts';
import { VERSION_FIELD, type Change } from '../../content/save.ts';
import { DraftBar, HISTORY_PATH, PREVIEW_PATH } from './publish-view.tsx';
import { consolePage, Notice, SECTION_PATHS, type ConsolePage } from './render.tsx';
import { PHOTOS_SECTION } from './photos-view.tsx';
import { PLACES_PATH } from './places-view.tsx';

/** A form's address: /intern/inhalte/<slug>. */
export const formPath = (form: Pick<DataForm, 'slug'>): string => `${SECTION_PATHS.content}/${form.slug}`;

/**
 * The overview of the forms listed under `under` (none: /intern/inhalte); a group of forms is one
 * entry with its own overview (the Texte). `draft`: the data files saved but not yet published.
 */
export function contentPage(words: ConsoleWords, draft: readonly string[], under?: string): ConsolePage {
  const w = words.content;
  const entries: { slug: string; title: string }[] = [];
  for (const form of DATA_FORMS) {
    // A form at …/<slug>/<part> without a group of its own is a part of another (the legal texts' dates): linked from it.
    if (form.under === under && (under !== undefined || !form.slug.includes('/'))) entries.push({ slug: form.slug, title: form.title(words) });
    else if (under === undefined && form.under !== undefined && !entries.some((entry) => entry.slug === form.under)) entries.push({ slug: form.under, title: w.sections[form.under]?.title ?? form.under });
  }
  // The photos have a page of their own (server/owner/photos.tsx), listed among the forms.
  // So have the places, which span several files (server/owner/places.tsx).
  if (under === undefined) entries.push({ slug: PHOTOS_SECTION.slug, title: PHOTOS_SECTION.title(words) }, { slug: PLACES_PATH.slice(`${SECTION_PATHS.content}/`.length), title: words.places.title });
  const section = under === undefined ? undefined : w.sections[under];
  return consolePage(
    section?.title ?? w.title,
    'content',
    <>
      <DraftBar files={draft} words={words.publish} />
      <p className="console-note">{section?.text ?? w.intro}</p>
      {under === undefined && (
        <ul className="console-list-plain">
          <li>
            <a href={PREVIEW_PATH}>{words.publish.title}</a>
          </li>
          <li>
            <a href={HISTORY_PATH}>{words.history.title}</a>
          </li>
          <li>
            <a href={`${SECTION_PATHS.content}/start`}>{words.start.title}</a>
          </li>
        </ul>
      )}
      <ul className="console-list">
        {entries.map((entry) => (
          <li className="console-item" key={entry.slug}>
            <h2>
              <a href={formPath(entry)}>{entry.title}</a>
            </h2>
            {w.sections[entry.slug] && <p>{w.sections[entry.slug]!.text}</p>}
          </li>
        ))}
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
  /** What the save changed besides the owner's values (a legal text's date), said under them. */
  savedNote?: string;
  /** A notice at the top: nothing changed, the check did not run, an unknown field, a conflict. */
  notice?: { kind: 'info' | 'error'; text: string };
  /** After a conflict: the owner's typed values beside the file's. */
  conflict?: ReadonlyMap<string, string>;
}

function ProblemList({ groups, problems, words }: { groups: FieldGroup[]; problems: Problems; words: ConsoleWords['form'] }) {
  const fields = groups.flatMap((group) => group.fields);
  // A label that several groups share ("Das Versprechen, wie Besucher es lesen") is named with its group's title.
  const named = (field: FormField) => {
    const group = groups.find((candidate) => candidate.fields.includes(field))!;
    return fields.filter((other) => other.label === field.label).length > 1 ? `${group.title} – ${field.label}` : field.label;
  };
  return (
    <div className="console-notice" data-kind="error" role="alert" id="probleme">
      <p>{words.problemsTitle}</p>
      <ul>
        {fields
          .filter((field) => problems.has(field.path))
          .map((field) => (
            <li key={field.path}>
              <a href={`#${fieldId(field.path)}`}>{named(field)}</a>: {problems.get(field.path)}
            </li>
          ))}
      </ul>
    </div>
  );
}

function ConflictTable({ fields, typed, words }: { fields: FormField[]; typed: ReadonlyMap<string, string>; words: ConsoleWords['form'] }) {
  // What reads as the file's value is no difference (a textarea's CRLF, "79,00" for 79).
  const same = (field: FormField, text: string) => {
    const read = fieldValue(field, text, words.problems);
    return 'value' in read && read.value === field.value;
  };
  const differing = fields.filter((field) => typed.has(field.path) && !same(field, typed.get(field.path)!));
  const shown = (field: FormField, text: string) => (field.kind === 'checkbox' ? shownValue(field, text === 'true') : typedLabel(field, text));
  return <VersionsTable rows={differing.map((field) => ({ path: field.path, label: field.label, yours: shown(field, typed.get(field.path)!), inFile: shown(field, formValue(field)) }))} words={words} />;
}

function Saved({ changes, note, form, words, publish }: { changes: Change[]; note?: string; form: string; words: ConsoleWords['form']; publish: ConsoleWords['publish'] }) {
  return (
    <div className="console-notice" role="status" id="gespeichert">
      <p>{fillSlots(words.saved, { form })}</p>
      <ul>
        {changes.map(({ field, before, after }) => (
          <li key={field.path}>{fillSlots(words.change, changeWords(field, before, after))}</li>
        ))}
      </ul>
      {note && <p>{note}</p>}
      <p>
        {words.rebuild} <a href={PREVIEW_PATH}>{publish.toPreview}</a>
      </p>
    </div>
  );
}

/** Links to the forms at /intern/inhalte/<slug>/… (a legal text's date, below Rechtliches), which the overview does not list. */
function FormParts({ form, words }: { form: DataForm; words: ConsoleWords }) {
  const parts = DATA_FORMS.filter((other) => other.slug.startsWith(`${form.slug}/`));
  if (parts.length === 0 || !form.partsTitle) return null;
  return (
    <section className="console-parts" aria-labelledby="teile">
      <h2 id="teile">{form.partsTitle(words)}</h2>
      <ul>
        {parts.map((part) => (
          <li key={part.slug}>
            <a href={formPath(part)}>{part.title(words)}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A data form's page. */
export function dataFormPage(words: ConsoleWords, form: DataForm, state: FormState): ConsolePage {
  const w = words.form;
  const fields = state.groups.flatMap((group) => group.fields);
  const top: ReactNode[] = [];
  if (state.saved) top.push(<Saved key="saved" changes={state.saved} note={state.savedNote} form={form.title(words)} words={w} publish={words.publish} />);
  if (state.notice) top.push(<Notice key="notice" kind={state.notice.kind}>{state.notice.text}</Notice>);
  if (state.conflict) top.push(<ConflictTable key="conflict" fields={fields} typed={state.conflict} words={w} />);
  if (state.problems && state.problems.size > 0) top.push(<ProblemList key="problems" groups={state.groups} problems={state.problems} words={w} />);
  return consolePage(
    form.title(words),
    'content',
    <>
      {top}
      <p className="console-note">{form.intro(words)}</p>
      <form className="console-form" method="post" action={formPath(form)} noValidate>
        <input type="hidden" name={VERSION_FIELD} value={state.version} />
        {isLongForm(state.groups) && <TopSubmit label={w.save} />}
        {state.groups.map((group) => (
          <fieldset key={group.title}>
            <legend>{group.title}</legend>
            {group.note && <p className="console-note">{group.note}</p>}
            {group.fields.map((field) => (
              <Field key={field.path} field={field} typed={state.typed?.get(field.path)} problem={state.problems?.get(field.path)} words={w} />
            ))}
          </fieldset>
        ))}
        <button className="btn btn-primary" type="submit">
          {w.save}
        </button>
      </form>
      <FormParts form={form} words={words} />
    </>,
  );
}
