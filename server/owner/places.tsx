// The console's Orte form (docs/owner-console.md, "Orte"): the list of towns of data/places/, a new
// town, and a town's page with its districts. The file a town lives in is found by the town's slug
// in the address, never taken from the request; every save runs through server/content/save.ts
// (`saveText`: version, schema, the build's checks on a copy of data/) one at a time.
import express, { Router, type ErrorRequestHandler } from 'express';
import { errorStatus } from '../http/body.ts';
import { fillSlots } from '../../core/slots.ts';
import { placePath, slug as slugOfName } from '../../core/slugs.ts';
import { changedValues, fileValue, townEdit } from '../content/places-edit.ts';
import { newTownFields, townPageGroups } from '../content/places-form.ts';
import { VERSION_FIELD } from '../content/save.ts';
import { insertListItem } from '../content/yaml-list-edit.ts';
import { contextOf, fileForRegion, outcomeNotice, readPlaces, readTyped, refusedAt, savePlaces, shortValue, townAfterProblem } from './places-save.ts';
import { placesRemovalRoutes } from './places-removal.tsx';
import { guarded, missingPage, townRows, townView, type PlacesContext } from './places-pages.tsx';
import { NEW_TOWN_PATH, newTownPage, PLACES_PATH, placesListPage, savedNotice, type PlaceFormState } from './views/places-view.tsx';
import { routerPath } from './views/render.tsx';
import { recordSave } from './content-log.ts';

/** The Orte form's body limit: a town's page holds its descriptions, some tens of kilobytes. */
const FORM_BODY = express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 1000 });

function listRoute(router: Router, context: PlacesContext): void {
  const { api, words, sendPage, service } = context;
  router.get(routerPath(PLACES_PATH), guarded(context, (_req, res) => {
    sendPage(res, 200, placesListPage(words, townRows(readPlaces(api, service), words)));
  }));
}

function newTownRoutes(router: Router, context: PlacesContext): void {
  const { api, words, sendPage, queue, service } = context;
  const dataDir = api.config.dataDir;
  const fields = newTownFields(words.places).flatMap((group) => group.fields);
  const show = (status: number, res: express.Response, form: Omit<PlaceFormState, 'groups' | 'version'> = {}) => sendPage(res, status, newTownPage(words, { groups: newTownFields(words.places), version: readPlaces(api, service).allVersion, ...form }));
  router.get(routerPath(NEW_TOWN_PATH), guarded(context, (_req, res) => show(200, res)));
  router.post(routerPath(NEW_TOWN_PATH), FORM_BODY, guarded(context, async (req, res) => {
    const state = readPlaces(api, service);
    const read = readTyped(req.body, fields, contextOf(state), words);
    if ('unknown' in read) return show(400, res, { notice: { kind: 'error', text: fillSlots(words.form.unknownField, { name: read.unknown.slice(0, 80) }) } });
    const v = (key: string) => read.values.get(`towns.+.${key}`);
    if (read.problems.size > 0 || fields.some((field) => !read.values.has(field.path))) return show(422, res, { typed: read.typed, problems: read.problems });
    if ((req.body as Record<string, unknown>)[VERSION_FIELD] !== state.allVersion) return show(409, res, { notice: { kind: 'error', text: fillSlots(words.form.conflict, { form: words.places.title }) } });
    const town = { name: v('name'), region: v('region'), arrivalTime: v('arrivalTime'), population: v('population'), description: v('description'), facts: v('facts'), sources: v('sources'), districts: v('districts') };
    const file = fileForRegion(state, String(town.region));
    const edit = (text: string) => insertListItem(text, ['towns'], town, { quoted: ['arrivalTime'], flow: ['sources'] });
    const contradiction = townAfterProblem(state, file, String(town.name), edit, words);
    if (contradiction) return show(422, res, { typed: read.typed, problems: new Map([[`towns.+.${contradiction.key === 'description' ? 'description' : contradiction.key === 'facts' ? 'facts' : 'districts'}`, contradiction.message]]) });
    const outcome = await queue(() => savePlaces(dataDir, file, state.versions.get(file), edit, api.log, `town "${town.name}" added`));
    recordSave(api.db, req.headers, file, outcome.kind);
    if (outcome.kind === 'saved') {
      const after = readPlaces(api, service);
      const entry = after.towns.find((candidate) => candidate.slug === slugOfName(String(town.name)))!;
      const notice = savedNotice(words, fillSlots(words.places.added, { name: entry.town.name, path: placePath(entry.slug) }));
      return sendPage(res, 201, townView(words, after, entry, { notice }));
    }
    if (outcome.kind === 'refused') return show(422, res, { typed: read.typed, problems: refusedAt(outcome, fields, fields[0]!.path, words) });
    const { status, notice } = outcomeNotice(outcome, words)!;
    show(status, res, { typed: read.typed, notice });
  }));
}

function townRoutes(router: Router, context: PlacesContext): void {
  const { api, words, sendPage, queue, service } = context;
  const dataDir = api.config.dataDir;
  const path = routerPath(`${PLACES_PATH}/:town`);
  const found = (slug: unknown) => {
    const state = readPlaces(api, service);
    const entry = state.towns.find((candidate) => candidate.slug === slug);
    return entry ? { state, entry } : null;
  };
  router.get(path, guarded(context, (req, res) => {
    const at = found(req.params['town']);
    sendPage(res, at ? 200 : 404, at ? townView(words, at.state, at.entry) : missingPage(words));
  }));
  router.post(path, FORM_BODY, guarded(context, async (req, res) => {
    const at = found(req.params['town']);
    if (!at) return sendPage(res, 404, missingPage(words));
    const { state, entry } = at;
    const fields = townPageGroups(entry, state.towns, words.places, state.verdicts).flatMap((group) => group.fields);
    const read = readTyped(req.body, fields, contextOf(state, entry), words);
    if ('unknown' in read) return sendPage(res, 400, townView(words, state, entry, { notice: { kind: 'error', text: fillSlots(words.form.unknownField, { name: read.unknown.slice(0, 80) }) } }));
    const changes = changedValues(fields, read.values, words);
    if (read.problems.size === 0 && changes.length === 0) return sendPage(res, 200, townView(words, state, entry, { notice: { kind: 'info', text: words.form.unchanged } }));
    const version = (req.body as Record<string, unknown>)[VERSION_FIELD];
    if (version !== state.versions.get(entry.file)) return sendPage(res, 409, townView(words, state, entry, { notice: { kind: 'error', text: fillSlots(words.form.conflict, { form: words.places.title }) }, conflict: read.typed }));
    if (read.problems.size > 0) return sendPage(res, 422, townView(words, state, entry, { typed: read.typed, problems: read.problems }));
    const edit = townEdit(state.texts.get(entry.file)!, entry, changes, read.values);
    const contradiction = townAfterProblem(state, entry.file, entry.index, edit, words);
    if (contradiction) {
      const at = contradiction.key && fields.some((field) => field.path === `towns.${entry.slug}.${contradiction.key}`) ? `towns.${entry.slug}.${contradiction.key}` : changes[0]!.path;
      return sendPage(res, 422, townView(words, state, entry, { typed: read.typed, problems: new Map([[at, contradiction.message]]) }));
    }
    const what = changes.map((change) => `${change.path} = ${JSON.stringify(change.value)}`).join(', ');
    const outcome = await queue(() => savePlaces(dataDir, entry.file, version, edit, api.log, what));
    recordSave(api.db, req.headers, entry.file, outcome.kind);
    if (outcome.kind === 'refused') return sendPage(res, 422, townView(words, state, entry, { typed: read.typed, problems: refusedAt(outcome, fields, changes[0]!.path, words) }));
    if (outcome.kind !== 'saved') {
      const { status, notice } = outcomeNotice(outcome, words)!;
      return sendPage(res, status, townView(words, state, entry, { typed: read.typed, notice }));
    }
    const after = readPlaces(api, service);
    const renamed = read.values.get(`towns.${entry.slug}.name`);
    const now = after.towns.find((candidate) => candidate.slug === (typeof renamed === 'string' ? slugOfName(renamed) : entry.slug)) ?? entry;
    const lines = changes.map((change) => {
      const field = fields.find((candidate) => candidate.path === change.path)!;
      return fillSlots(words.form.change, { label: field.label, before: shortValue(fileValue(field, words)), after: shortValue(change.value) });
    });
    sendPage(res, 200, townView(words, after, now, { notice: savedNotice(words, fillSlots(words.form.savedPart, { name: now.town.name, form: words.places.title }), lines) }));
  }));
}

/** The Orte form's routes, on the router of the console's Inhalte (server/owner/content.tsx), sharing its one-at-a-time saves. */
export function placesRoutes(router: Router, context: PlacesContext): void {
  listRoute(router, context);
  newTownRoutes(router, context);
  placesRemovalRoutes(router, context, FORM_BODY);
  townRoutes(router, context);
  // A body too large, with too many fields or malformed: the list again, saying nothing was saved.
  const unreadableBody: ErrorRequestHandler = (error, req, res, next) => {
    const status = errorStatus(error);
    if (status === null || status >= 500 || !req.path.startsWith(routerPath(PLACES_PATH))) return next(error);
    guarded(context, () => context.sendPage(res, status, placesListPage(context.words, townRows(readPlaces(context.api, context.service), context.words), { kind: 'error', text: context.words.form.malformed })))(req, res, next);
  };
  router.use(unreadableBody);
}
