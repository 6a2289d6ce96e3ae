// The Orte form's pages as the routes send them (server/owner/places.tsx,
// server/owner/places-removal.tsx): the list's rows, a town's page read from the file as it is now,
// and the page for an address that names no town.
import type { Request, RequestHandler, Response } from 'express';
import { fillSlots } from '../../core/slots.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { placePath } from '../../core/slugs.ts';
import type { ApiContext } from '../context.ts';
import type { ContentService } from '../content/publisher.ts';
import type { saveQueue } from '../content/data-file.ts';
import { townPostcodes, type TownEntry } from '../content/places-data.ts';
import { townDistricts, townPageGroups } from '../content/places-form.ts';
import { placeStatus } from '../content/place-status.ts';
import type { PlacesState } from './places-save.ts';
import type { PlaceFormState, TownRow } from './views/places-view.tsx';
import { townPage } from './views/town-view.tsx';
import { consolePage, Notice, type SendPage } from './views/render.tsx';

export interface PlacesContext {
  api: ApiContext;
  words: ConsoleWords;
  sendPage: SendPage;
  queue: ReturnType<typeof saveQueue>;
  /** The draft's preview, whose verdicts on place pages the form shows while it is current. */
  service: ContentService;
}


/** The list's rows, by name: each town with its districts, how many of their pages search engines find and why the others not. */
export function townRows(state: PlacesState, words: ConsoleWords): TownRow[] {
  const byName = [...state.towns].sort((a, b) => a.town.name.localeCompare(b.town.name, 'de'));
  return byName.map((entry) => {
    const { slug, town } = entry;
    const townPage = placePath(slug);
    const places = [{ name: town.name, status: placeStatus('town', townPage, town.description, state.verdicts, words.places) }];
    for (const { name, path, description } of townDistricts(entry, state.towns)) places.push({ name, status: placeStatus('district', path, description, state.verdicts, words.places) });
    const districts = places.slice(1);
    const named = (reason: string) => districts.filter(({ status }) => status.reason === reason);
    return {
      slug,
      name: town.name,
      region: town.region,
      arrivalTime: town.arrivalTime,
      districts: districts.length,
      found: districts.filter(({ status }) => status.indexable).length,
      notFound: { noDescription: named('noDescription').length, tooShort: named('tooShort').length, similar: named('similar').map(({ name }) => name) },
      expected: places.filter(({ status }) => status.expected).map(({ name }) => name),
    };
  });
}

/** The town's page as the file now holds it, with what a save left to say. */
export function townView(words: ConsoleWords, state: PlacesState, entry: TownEntry, form: Omit<PlaceFormState, 'groups' | 'version'> = {}, typedDistrict?: { value: string; problem?: string }) {
  const path = placePath(entry.slug);
  const facts = { slug: entry.slug, name: entry.town.name, path, postcodes: townPostcodes(entry.town, state.postcodes), indexing: placeStatus('town', path, entry.town.description, state.verdicts, words.places) };
  return townPage(words, facts, { groups: townPageGroups(entry, state.towns, words.places, state.verdicts), version: state.versions.get(entry.file)!, ...form }, typedDistrict);
}

export const missingPage = (words: ConsoleWords) => consolePage(words.places.title, 'content', <Notice kind="error">{words.places.missing}</Notice>);


/**
 * A route of the Orte form that says a failure instead of answering 500: a place file that cannot
 * be read or edited (a developer's mistake in it) is told to the owner and, with its reason, to the
 * operator's log.
 */
export function guarded({ api, words, sendPage }: PlacesContext, handler: (req: Request, res: Response) => unknown): RequestHandler {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (error) {
      api.log(`Owner's console: data/places/ cannot be edited (${req.method} ${req.originalUrl}): ${(error as Error).message}`);
      if (!res.headersSent) sendPage(res, 503, consolePage(words.places.title, 'content', <Notice kind="error">{fillSlots(words.form.unreadable, { file: 'data/places/' })}</Notice>));
    }
  };
}
