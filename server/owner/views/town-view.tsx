// A town's page of the Orte form (docs/owner-console.md, "Orte"): its fields and its districts', its
// postcodes read-only, each place's page and whether search engines find it, a district added, and
// the page that asks before a town or a district is removed, naming what leaves the site.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { OWN_DESCRIPTION_WORDS } from '../../../core/schema/places.ts';
import { fillSlots } from '../../../core/slots.ts';
import { fieldId } from '../../content/form-fields.ts';
import { NEW_ITEM, type PlaceGroup } from '../../content/places-form.ts';
import type { PlaceStatus } from '../../content/place-status.ts';
import { VERSION_FIELD } from '../../content/save.ts';
import { formTop, PlaceForm, townPath, type PlaceFormState } from './places-view.tsx';
import { consolePage, type ConsolePage } from './render.tsx';

export interface TownFacts {
  slug: string;
  name: string;
  /** The town's page. */
  path: string;
  postcodes: string[] | null;
  indexing: PlaceStatus;
}

/** Whether search engines find a place's page, and why not: one paragraph a sentence. */
function Indexing({ status, id }: { status: PlaceStatus; id?: string }) {
  return (
    <div id={id}>
      {status.lines.map((line) => (
        <p className="console-note" key={line}>
          {line}
        </p>
      ))}
    </div>
  );
}

function DistrictExtra({ group, town, words }: { group: PlaceGroup; town: TownFacts; words: ConsoleWords['places'] }) {
  if (!group.district) return null;
  return (
    <>
      <p className="console-note">{fillSlots(words.page, { path: group.district.path })}</p>
      <Indexing status={group.district.indexing} />
      <p>
        <a href={`${townPath(town.slug)}/${group.district.slug}/entfernen`}>{fillSlots(words.remove, { name: group.title })}</a>
      </p>
    </>
  );
}

export function townPage(words: ConsoleWords, town: TownFacts, state: PlaceFormState, typedDistrict?: { value: string; problem?: string }): ConsolePage {
  const w = words.places;
  const newDistrict = `towns.${town.slug}.districts.${NEW_ITEM}`;
  const id = fieldId(newDistrict);
  return consolePage(
    town.name,
    'content',
    <>
      {formTop(state, words)}
      <p className="console-note">{fillSlots(w.townIntro, { path: town.path })}</p>
      <p className="console-note" id="postleitzahlen">
        {town.postcodes ? fillSlots(w.postcodes, { codes: town.postcodes.join(', ') }) : w.noPostcodes} {w.postcodesNote}
      </p>
      <Indexing status={town.indexing} id="suchmaschinen" />
      <p className="console-note" id="regel">
        {fillSlots(w.indexing.rule, { min: OWN_DESCRIPTION_WORDS })}
      </p>
      <PlaceForm action={townPath(town.slug)} state={state} submit={words.form.save} extra={(group) => <DistrictExtra group={group} town={town} words={w} />} />
      <form className="console-form" method="post" action={`${townPath(town.slug)}/stadtteil`} noValidate>
        <input type="hidden" name={VERSION_FIELD} value={state.version} />
        <fieldset>
          <legend>{w.groups.addDistrict}</legend>
          <div className="console-field" data-problem={typedDistrict?.problem ? '' : undefined}>
            <label htmlFor={id}>{w.fields.addDistrictName}</label>
            <input id={id} name={newDistrict} type="text" defaultValue={typedDistrict?.value ?? ''} required aria-invalid={typedDistrict?.problem ? true : undefined} aria-describedby={typedDistrict?.problem ? `${id}-problem` : undefined} />
            {typedDistrict?.problem && (
              <p className="console-field-problem" id={`${id}-problem`}>
                {typedDistrict.problem}
              </p>
            )}
          </div>
          <button className="btn btn-outline" type="submit">
            {w.addDistrict}
          </button>
        </fieldset>
      </form>
      <p>
        <a href={`${townPath(town.slug)}/entfernen`}>{fillSlots(w.remove, { name: town.name })}</a>
      </p>
    </>,
  );
}

export interface Removal {
  title: string;
  /** What leaves the site: the sentence, and the pages it names. */
  text: string;
  pages: string[];
  after: string;
  /** Where the confirmation posts, and where "no" leads back. */
  action: string;
  back: string;
  version: string;
}

/** The page that asks before a removal; the removal is its POST. */
export function removalPage(words: ConsoleWords, removal: Removal): ConsolePage {
  const w = words.places;
  return consolePage(
    removal.title,
    'content',
    <>
      <p id="entfernt">{removal.text}</p>
      {removal.pages.length > 0 && (
        <ul className="console-list">
          {removal.pages.map((page) => (
            <li key={page}>{page}</li>
          ))}
        </ul>
      )}
      <p className="console-note">{removal.after}</p>
      <form method="post" action={removal.action}>
        <input type="hidden" name={VERSION_FIELD} value={removal.version} />
        <button className="btn btn-primary" type="submit">
          {w.confirm}
        </button>
      </form>
      <p>
        <a href={removal.back}>{w.cancel}</a>
      </p>
    </>,
  );
}
