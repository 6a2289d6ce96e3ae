// The Orte form's pages (docs/owner-console.md, "Orte"): the list of towns, a town with its districts
// (postcodes read-only, each place's page and whether search engines find it), a new town, and the
// confirmation before a town or district is removed. Plain POST forms: they work without JavaScript.
import type { ReactNode } from 'react';
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { fieldId } from '../../content/form-fields.ts';
import { fileValue, placeValue } from '../../content/places-edit.ts';
import { regionChoices, type PlaceField, type PlaceGroup } from '../../content/places-form.ts';
import { VERSION_FIELD } from '../../content/save.ts';
import { consolePage, Notice, SECTION_PATHS, type ConsolePage } from './render.tsx';
import { isLongForm, TopSubmit, VersionsTable } from './form-field-view.tsx';
import { PREVIEW_PATH } from './publish-view.tsx';

/** The Orte form's addresses. */
export const PLACES_PATH = `${SECTION_PATHS.content}/orte`;
export const NEW_TOWN_PATH = `${PLACES_PATH}/neu`;
export const townPath = (slug: string): string => `${PLACES_PATH}/${slug}`;

export interface TownRow {
  slug: string;
  name: string;
  region: string;
  arrivalTime: string;
  districts: number;
  /** Districts whose page search engines find (the served release's verdict, or the data's rule where it has none). */
  found: number;
  /** The other districts by why not: how many, and the names of those too similar to another page. */
  notFound: { noDescription: number; tooShort: number; similar: string[] };
  /** The places (the town, its districts) the served release does not have yet, counted by the data's rule. */
  expected: string[];
}

/** A notice at the top of a page: saved, refused, a conflict. */
export interface PageNotice {
  kind: 'info' | 'error';
  text: string;
  /** Lines below it: what changed, or the build's words. */
  lines?: string[];
  /** A link below them: after a save, to the preview where the change is published. */
  link?: { href: string; text: string };
}

/**
 * The notice after a saved change: what was saved, that visitors see it once published, and the way
 * to the preview; with `pending` false (the data is again as last published, e.g. a town added and
 * removed before publishing), that nothing is left to publish.
 */
export function savedNotice(words: ConsoleWords, text: string, lines: readonly string[] = [], pending = true): PageNotice {
  if (!pending) return { kind: 'info', text, lines: [...lines, words.form.nothingLeft] };
  return { kind: 'info', text, lines: [...lines, words.form.rebuild], link: { href: PREVIEW_PATH, text: words.publish.toPreview } };
}

function TopNotice({ notice }: { notice: PageNotice }) {
  if (!notice.lines?.length && !notice.link) return <Notice kind={notice.kind}>{notice.text}</Notice>;
  return (
    <div className="console-notice" data-kind={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'} id="hinweis">
      <p>{notice.text}</p>
      <ul>
        {(notice.lines ?? []).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {notice.link && (
        <p>
          <a href={notice.link.href}>{notice.link.text}</a>
        </p>
      )}
    </div>
  );
}

/** Why a town's other district pages are not found: "Nicht gefunden: 40 ohne eigene Beschreibung, 1 zu ähnlich wie eine andere Ortsseite (Steele)." */
function NotFound({ row, words }: { row: TownRow; words: ConsoleWords['places'] }) {
  const { noDescription, tooShort, similar } = row.notFound;
  const r = words.list.reasons;
  const reasons = [
    noDescription > 0 ? fillSlots(r.noDescription, { count: noDescription }) : '',
    tooShort > 0 ? fillSlots(r.tooShort, { count: tooShort }) : '',
    similar.length > 0 ? fillSlots(r.similar, { count: similar.length, names: similar.join(', ') }) : '',
  ].filter(Boolean);
  return reasons.length === 0 ? null : <p className="console-note">{fillSlots(words.list.notFound, { reasons: reasons.join(', ') })}</p>;
}

export function placesListPage(words: ConsoleWords, rows: readonly TownRow[], notice?: PageNotice): ConsolePage {
  const w = words.places;
  return consolePage(
    w.title,
    'content',
    <>
      {notice && <TopNotice notice={notice} />}
      <p className="console-note">{w.intro}</p>
      <p>
        <a className="btn btn-outline" href={NEW_TOWN_PATH}>
          {w.add}
        </a>
      </p>
      <ul className="console-list" id="orte">
        {rows.map((row) => (
          <li className="console-item" key={row.slug}>
            <h2>
              <a href={townPath(row.slug)}>{row.name}</a>
            </h2>
            <p>{fillSlots(w.list.row, { region: row.region, arrival: row.arrivalTime, count: row.districts })}</p>
            <p className="console-note">{fillSlots(w.list.found, { found: row.found, count: row.districts })}</p>
            <NotFound row={row} words={w} />
            {row.expected.length > 0 && <p className="console-note">{fillSlots(w.list.expected, { names: row.expected.join(', ') })}</p>}
          </li>
        ))}
      </ul>
    </>,
  );
}

function PlaceInput({ field, typed, problem }: { field: PlaceField; typed: string | undefined; problem: string | undefined }) {
  const id = fieldId(field.path);
  const value = typed ?? field.value;
  const described = [problem ? `${id}-problem` : '', field.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, name: field.path, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described };
  let input: ReactNode;
  if (field.kind === 'region') {
    input = (
      <select {...common} defaultValue={value} required={field.choose !== undefined}>
        {field.choose !== undefined && <option value="">{field.choose}</option>}
        {regionChoices().map((region) => (
          <option key={region} value={region}>
            {region}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'longText' || field.kind === 'optionalText' || field.kind === 'lines') {
    input = <textarea {...common} defaultValue={value} rows={field.kind === 'lines' ? 3 : 8} />;
  } else {
    input = <input {...common} type="text" defaultValue={value} inputMode={field.kind === 'population' ? 'numeric' : undefined} required={field.kind !== 'population'} />;
  }
  return (
    <div className="console-field" data-problem={problem ? '' : undefined}>
      <label htmlFor={id}>{field.label}</label>
      {input}
      {problem && (
        <p className="console-field-problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      {field.hint && (
        <p className="console-note" id={`${id}-hint`}>
          {field.hint}
        </p>
      )}
    </div>
  );
}

export interface PlaceFormState {
  groups: PlaceGroup[];
  version: string;
  typed?: ReadonlyMap<string, string>;
  problems?: ReadonlyMap<string, string>;
  notice?: PageNotice;
  /** After a conflict: the owner's typed values beside the file's. */
  conflict?: ReadonlyMap<string, string>;
}

function ProblemLinks({ fields, problems, words }: { fields: PlaceField[]; problems: ReadonlyMap<string, string>; words: ConsoleWords['form'] }) {
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

function Versions({ fields, typed, words }: { fields: PlaceField[]; typed: ReadonlyMap<string, string>; words: ConsoleWords }) {
  // What reads as the file's value is no difference: a textarea's CRLF line breaks, spaces, "25-35" for "25–35 Min.".
  const same = (field: PlaceField, text: string) => {
    const read = placeValue(field, text, words);
    return 'value' in read && JSON.stringify(read.value) === JSON.stringify(fileValue(field, words));
  };
  const differing = fields.filter((field) => typed.has(field.path) && !same(field, typed.get(field.path)!));
  return <VersionsTable rows={differing.map((field) => ({ path: field.path, label: field.label, yours: typed.get(field.path)!, inFile: field.value }))} words={words.form} />;
}

/** The top of a form page: the notice, the versions after a conflict, the problems with links. */
export function formTop(state: PlaceFormState, words: ConsoleWords): ReactNode[] {
  const fields = state.groups.flatMap((group) => group.fields);
  const top: ReactNode[] = [];
  if (state.notice) top.push(<TopNotice key="notice" notice={state.notice} />);
  if (state.conflict) top.push(<Versions key="conflict" fields={fields} typed={state.conflict} words={words} />);
  if (state.problems && state.problems.size > 0) top.push(<ProblemLinks key="problems" fields={fields} problems={state.problems} words={words.form} />);
  return top;
}

/** A form of place fields posting to `action`; `extra` shows below a group's fields (a district's page and removal). */
export function PlaceForm({ action, state, submit, extra }: { action: string; state: PlaceFormState; submit: string; extra?: (group: PlaceGroup) => ReactNode }) {
  return (
    <form className="console-form" method="post" action={action} noValidate>
      <input type="hidden" name={VERSION_FIELD} value={state.version} />
      {isLongForm(state.groups) && <TopSubmit label={submit} />}
      {state.groups.map((group) => (
        <fieldset key={group.title} id={group.district ? `ort-${group.district.slug}` : undefined}>
          <legend>{group.title}</legend>
          {group.fields.map((field) => (
            <PlaceInput key={field.path} field={field} typed={state.typed?.get(field.path)} problem={state.problems?.get(field.path)} />
          ))}
          {extra?.(group)}
        </fieldset>
      ))}
      <button className="btn btn-primary" type="submit">
        {submit}
      </button>
    </form>
  );
}

export function newTownPage(words: ConsoleWords, state: PlaceFormState): ConsolePage {
  const w = words.places;
  return consolePage(
    w.addTitle,
    'content',
    <>
      {formTop(state, words)}
      <p className="console-note">{w.addIntro}</p>
      <PlaceForm action={NEW_TOWN_PATH} state={state} submit={w.addButton} />
    </>,
  );
}
