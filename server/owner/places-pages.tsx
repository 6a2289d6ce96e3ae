// The Orte form's pages as the routes send them (server/owner/places.tsx,
// server/owner/places-removal.tsx): the list's rows, a town's page read from the file as it is now,
// and the page for an address that names no town.
import type { Request, RequestHandler, Response } from 'express';
import { ownContent } from '../../core/place-indexing.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { placePath } from '../../core/slugs.ts';
import type { ApiContext } from '../context.ts';
import type { saveQueue } from '../content/data-file.ts';
import type { ContentService } from '../content/publisher.ts';
import { townPostcodes, type TownEntry } from '../content/places-data.ts';
import { indexingText, townPageGroups } from '../content/places-form.ts';
import type { PlacesState } from './places-save.ts';
import type { PlaceFormState, TownRow } from './views/places-view.tsx';
import { townPage } from './views/town-view.tsx';
import { consolePage, Notice, type SendPage } from './views/render.tsx';

export interface PlacesContext {
  api: ApiContext;
  words: ConsoleWords;
  sendPage: SendPage;
  queue: ReturnType<typeof saveQueue>;
  service: ContentService;
}


/** The list's rows: each town with its districts and how many of their pages search engines may find. */
export function townRows(state: PlacesState): TownRow[] {
  const byName = [...state.towns].sort((a, b) => a.town.name.localeCompare(b.town.name, 'de'));
  return byName.map(({ slug, town }) => ({
    slug,
    name: town.name,
    region: town.region,
    arrivalTime: town.arrivalTime,
    districts: town.districts.length,
    found: town.districts.filter((district) => typeof district !== 'string' && ownContent('district', district.description ?? null).indexable).length,
  }));
}

/** The town's page as the file now holds it, with what a save left to say. */
export function townView(words: ConsoleWords, state: PlacesState, entry: TownEntry, form: Omit<PlaceFormState, 'groups' | 'version'> = {}, typedDistrict?: { value: string; problem?: string }) {
  const facts = { slug: entry.slug, name: entry.town.name, path: placePath(entry.slug), postcodes: townPostcodes(entry.town, state.postcodes), indexing: indexingText('town', entry.town.description, words.places) };
  return townPage(words, facts, { groups: townPageGroups(entry, state.towns, words.places), version: state.versions.get(entry.file)!, ...form }, typedDistrict);
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
