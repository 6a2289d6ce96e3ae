// Adding a district to a town, and removing a town or a district (docs/owner-console.md, "Orte"):
// structural edits of a place file (server/content/yaml-list-edit.ts) through every step of a save.
// A removal first shows a page of its own that names what leaves the site and what answers the old
// address then (the page of an unknown place for a place name of data/postcodes.csv, the 404 page
// otherwise; the build makes no redirects); only its POST removes.
import type { Request, RequestHandler, Response, Router } from 'express';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import { placePath, slug as slugOfName } from '../../core/slugs.ts';
import type { ApiContext } from '../context.ts';
import type { ContentService } from '../content/publisher.ts';
import { addressAfterRemoval, districtName, type TownEntry } from '../content/places-data.ts';
import { districtPageSlug, NEW_ITEM } from '../content/places-form.ts';
import { placeProblems, placeValue } from '../content/places-edit.ts';
import { unpublishedFiles } from '../content/history.ts';
import { VERSION_FIELD } from '../content/save.ts';
import { insertListItem, removeListItem } from '../content/yaml-list-edit.ts';
import { contextOf, outcomeNotice, readPlaces, refusedLines, savePlaces, townAfterProblem, type PlacesState } from './places-save.ts';
import { guarded, missingPage, townRows, townView, type PlacesContext } from './places-pages.tsx';
import { PLACES_PATH, placesListPage, savedNotice, townPath, type PageNotice } from './views/places-view.tsx';
import { removalPage } from './views/town-view.tsx';
import { routerPath } from './views/render.tsx';
import { recordSave } from './content-log.ts';

/** Whether data/ still differs from the last publish; true where no repository tells (the notice then keeps pointing to the preview). */
async function draftPending(service: ContentService): Promise<boolean> {
  const repo = await service.repository();
  return repo === null || (await unpublishedFiles(repo)).length > 0;
}

type Found = { state: PlacesState; entry: TownEntry; district: number | null } | null;

/** The town (and district) an address names, read now. */
function placeAt(api: Pick<ApiContext, 'config' | 'log'>, service: ContentService, townSlug: unknown, districtSlug?: unknown): Found {
  const state = readPlaces(api, service);
  const entry = state.towns.find((candidate) => candidate.slug === townSlug);
  if (!entry) return null;
  if (districtSlug === undefined) return { state, entry, district: null };
  const district = entry.town.districts.findIndex((candidate) => slugOfName(districtName(candidate)) === districtSlug);
  return district < 0 ? null : { state, entry, district };
}

function addDistrictRoute(router: Router, context: PlacesContext, body: RequestHandler): void {
  const { api, words, sendPage, queue, service } = context;
  const dataDir = api.config.dataDir;
  router.post(routerPath(`${PLACES_PATH}/:town/stadtteil`), body, guarded(context, async (req, res) => {
    const at = placeAt(api, service, req.params['town']);
    if (!at) return sendPage(res, 404, missingPage(words));
    const { state, entry } = at;
    const path = `towns.${entry.slug}.districts.${NEW_ITEM}`;
    const typed = String((req.body as Record<string, unknown>)[path] ?? '');
    const field = { path, label: '', kind: 'text' as const, value: '' };
    const read = placeValue(field, typed, words);
    const existing = entry.town.districts.map((district) => ({ path: `towns.${entry.slug}.districts.${slugOfName(districtName(district))}`, label: '', kind: 'text' as const, value: districtName(district) }));
    const values = new Map([...existing.map((known) => [known.path, known.value] as const), ...('value' in read ? [[path, read.value] as const] : [])]);
    const problem = 'problem' in read ? read.problem : placeProblems([...existing, field], values, contextOf(state, entry), words).get(path);
    if (problem) return sendPage(res, 422, townView(words, state, entry, {}, { value: typed, problem }));
    const name = String((read as { value: string }).value);
    const edit = (text: string) => insertListItem(text, ['towns', entry.index, 'districts'], name);
    const contradiction = townAfterProblem(state, entry.file, entry.index, edit, words);
    if (contradiction) return sendPage(res, 422, townView(words, state, entry, {}, { value: typed, problem: contradiction.message }));
    const outcome = await queue(() => savePlaces(dataDir, entry.file, (req.body as Record<string, unknown>)[VERSION_FIELD], edit, api.log, `district "${name}" added to ${entry.town.name}`));
    recordSave(api.db, req.headers, entry.file, outcome.kind);
    const after = readPlaces(api, service);
    const now = after.towns.find((candidate) => candidate.slug === entry.slug) ?? entry;
    if (outcome.kind === 'saved') {
      const notice = savedNotice(words, fillSlots(words.places.districtAdded, { name, path: placePath(districtPageSlug(name, entry.town.name, after.towns)) }));
      return sendPage(res, 200, townView(words, after, now, { notice }));
    }
    if (outcome.kind === 'refused') return sendPage(res, 422, townView(words, state, entry, { notice: { kind: 'error', text: words.form.problemsTitle, lines: refusedLines(outcome, words) } }, { value: typed }));
    const { status, notice } = outcomeNotice(outcome, words)!;
    sendPage(res, status, townView(words, after, now, { notice }, { value: typed }));
  }));
}

/** What a removal of `at` takes off the site, for its confirmation page. */
/** What answers the removed pages' addresses (docs/decisions.md, "The place page of an unknown place"), each fate said once, and that none redirects. */
function afterRemoval(addresses: readonly { label: string; fate: 'unknownPlace' | 'notFound' }[], words: ConsoleWords): string {
  const w = words.places;
  const said = (fate: 'unknownPlace' | 'notFound', text: string) => {
    const labels = addresses.filter((address) => address.fate === fate).map((address) => address.label);
    return labels.length === 0 ? [] : [fillSlots(text, { paths: labels.join(` ${w.or} `) })];
  };
  return [...said('unknownPlace', w.afterUnknownPlace), ...said('notFound', w.afterNotFound), w.noRedirect].join(' ');
}

function removalOf(at: NonNullable<Found>, { words }: PlacesContext) {
  const { state, entry, district } = at;
  const w = words.places;
  const version = state.versions.get(entry.file)!;
  if (district === null) {
    const slugs = entry.town.districts.map((one) => districtPageSlug(districtName(one), entry.town.name, state.towns));
    const pages = slugs.map(placePath);
    const fateOf = (slug: string) => addressAfterRemoval(slug, state.postcodes);
    // The district pages as one when they share their fate, else each by its address.
    const districtsAlike = slugs.length > 0 && slugs.every((slug) => fateOf(slug) === fateOf(slugs[0]!));
    const districtAddresses = districtsAlike ? [{ label: w.districtPages, fate: fateOf(slugs[0]!) }] : slugs.map((slug) => ({ label: placePath(slug), fate: fateOf(slug) }));
    const addresses = [{ label: placePath(entry.slug), fate: fateOf(entry.slug) }, ...districtAddresses];
    return {
      title: fillSlots(w.removeTownTitle, { name: entry.town.name }),
      text: fillSlots(w.removeTown, { path: placePath(entry.slug), count: pages.length }),
      pages,
      after: afterRemoval(addresses, words),
      action: `${townPath(entry.slug)}/entfernen`,
      back: townPath(entry.slug),
      version,
    };
  }
  const name = districtName(entry.town.districts[district]!);
  const slug = districtPageSlug(name, entry.town.name, state.towns);
  return {
    title: fillSlots(w.removeDistrictTitle, { name, town: entry.town.name }),
    text: fillSlots(w.removeDistrict, { path: placePath(slug) }),
    pages: [],
    after: afterRemoval([{ label: placePath(slug), fate: addressAfterRemoval(slug, state.postcodes) }], words),
    action: `${townPath(entry.slug)}/${slugOfName(name)}/entfernen`,
    back: `${townPath(entry.slug)}#ort-${slugOfName(name)}`,
    version,
  };
}

function removeRoutes(router: Router, context: PlacesContext, body: RequestHandler): void {
  const { api, words, sendPage, queue, service } = context;
  const dataDir = api.config.dataDir;
  const confirm = (at: Found, res: Response) => sendPage(res, at ? 200 : 404, at ? removalPage(words, removalOf(at, context)) : missingPage(words));
  const remove = async (at: Found, version: unknown, req: Request, res: Response) => {
    if (!at) return sendPage(res, 404, missingPage(words));
    const { entry, district } = at;
    const name = district === null ? entry.town.name : districtName(entry.town.districts[district]!);
    const edit = (text: string) => (district === null ? removeListItem(text, ['towns'], entry.index) : removeListItem(text, ['towns', entry.index, 'districts'], district));
    const contradiction = district === null ? null : townAfterProblem(at.state, entry.file, entry.index, edit, words);
    if (contradiction) return sendPage(res, 422, townView(words, at.state, entry, { notice: { kind: 'error', text: words.form.problemsTitle, lines: [contradiction.message] } }));
    const outcome = await queue(() => savePlaces(dataDir, entry.file, version, edit, api.log, district === null ? `town "${name}" removed` : `district "${name}" of ${entry.town.name} removed`));
    recordSave(api.db, req.headers, entry.file, outcome.kind);
    const after = readPlaces(api, service);
    const now = after.towns.find((candidate) => candidate.slug === entry.slug);
    const refused: PageNotice | null = outcome.kind === 'refused' ? { kind: 'error', text: words.form.problemsTitle, lines: refusedLines(outcome, words) } : (outcomeNotice(outcome, words)?.notice ?? null);
    const pending = outcome.kind !== 'saved' || (await draftPending(context.service));
    if (outcome.kind === 'saved' && district === null) return sendPage(res, 200, placesListPage(words, townRows(after, words), savedNotice(words, fillSlots(words.places.removed, { name }), [], pending)));
    const notice = refused ?? savedNotice(words, fillSlots(words.places.removed, { name }), [], pending);
    const status = outcome.kind === 'saved' ? 200 : outcome.kind === 'refused' ? 422 : (outcomeNotice(outcome, words)?.status ?? 500);
    sendPage(res, status, now ? townView(words, after, now, { notice }) : missingPage(words));
  };
  router.get(routerPath(`${PLACES_PATH}/:town/entfernen`), guarded(context, (req, res) => confirm(placeAt(api, service, req.params['town']), res)));
  router.post(routerPath(`${PLACES_PATH}/:town/entfernen`), body, guarded(context, (req, res) => remove(placeAt(api, service, req.params['town']), (req.body as Record<string, unknown>)[VERSION_FIELD], req, res)));
  router.get(routerPath(`${PLACES_PATH}/:town/:district/entfernen`), guarded(context, (req, res) => confirm(placeAt(api, service, req.params['town'], req.params['district']), res)));
  router.post(routerPath(`${PLACES_PATH}/:town/:district/entfernen`), body, guarded(context, (req, res) => remove(placeAt(api, service, req.params['town'], req.params['district']), (req.body as Record<string, unknown>)[VERSION_FIELD], req, res)));
}

export function placesRemovalRoutes(router: Router, context: PlacesContext, body: RequestHandler): void {
  addDistrictRoute(router, context, body);
  removeRoutes(router, context, body);
}
