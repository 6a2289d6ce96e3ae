// The console's Inhalte (docs/owner-console.md, "Editing the data"): the overview and every data
// form of server/content/forms.ts. Mounted behind the session check and the same-origin rule of
// server/owner/console.tsx. The file is fixed by the route, never taken from the request; saves
// run one at a time (server/content/data-file.ts).
import express, { Router, type ErrorRequestHandler } from 'express';
import { errorStatus } from '../http/body.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import { recordContentChange } from '../content/audit.ts';
import { readDataFile } from '../content/data-file.ts';
import { changeWords } from '../content/form-fields.ts';
import { sessionCookie, sessionHint } from './sessions.ts';
import type { ContentService } from '../content/publisher.ts';
import { draftParts } from './publish.tsx';
import { DATA_FORMS, dataOf, type DataForm } from '../content/forms.ts';
import { saveForm, type SaveOutcome } from '../content/save.ts';
import { photoRoutes } from './photos.tsx';
import { placesRoutes } from './places.tsx';
import { contentPage, dataFormPage, formPath, type FormState } from './views/content-view.tsx';
import { consolePage, Notice, routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';

/** The largest form (the texts of the pages) is some hundred fields of a few hundred characters. */
const FORM_LIMIT = '256kb';

interface Context {
  api: ApiContext;
  words: ConsoleWords;
  sendPage: SendPage;
  service: ContentService;
}

/** The page's state after a save, and its status. */
function afterSave(outcome: SaveOutcome, words: ConsoleWords['form'], form: string): { status: number; state: Omit<FormState, 'groups' | 'version'> } {
  switch (outcome.kind) {
    case 'saved':
      return { status: 200, state: { saved: outcome.changes, ...(outcome.note ? { savedNote: outcome.note } : {}) } };
    case 'unchanged':
      return { status: 200, state: { notice: { kind: 'info', text: words.unchanged } } };
    case 'unknownField':
      return { status: 400, state: { notice: { kind: 'error', text: fillSlots(words.unknownField, { name: outcome.name.slice(0, 80) }) } } };
    case 'conflict':
      return { status: 409, state: { notice: { kind: 'error', text: fillSlots(words.conflict, { form }) }, conflict: outcome.typed } };
    case 'checkFailed':
      return { status: 503, state: { notice: { kind: 'error', text: words.checkFailed }, typed: outcome.typed } };
    case 'problems':
      return { status: 422, state: { typed: outcome.typed, problems: outcome.problems } };
  }
}

/** The GET and POST of one data form at its address. */
function formRoutes(router: Router, form: DataForm, { api, words, sendPage, service }: Context): void {
  const { dataDir, queue } = service;
  const path = formPath(form);
  const label = `data/${form.file}`;
  /** The page when the file cannot be read as a form (a developer's mistake in it): said to the owner and the operator. */
  const unreadable = (error: unknown) => {
    api.log(`Owner's console: ${label} cannot be edited: ${(error as Error).message}`);
    return { status: 503, page: consolePage(form.title(words), 'content', <Notice kind="error">{fillSlots(words.form.unreadable, { file: label })}</Notice>) };
  };
  /** The form with the file as it is now, and what the last save left to say. */
  const show = (status: number, state: Omit<FormState, 'groups' | 'version'> = {}) => {
    try {
      const file = readDataFile(dataDir, form.file);
      return { status, page: dataFormPage(words, form, { groups: form.groups(dataOf(form, file.text), words, dataDir), version: file.version, ...state }) };
    } catch (error) {
      return unreadable(error);
    }
  };

  router.get(routerPath(path), (_req, res) => {
    const { status, page } = show(200);
    sendPage(res, status, page);
  });
  router.post(routerPath(path), express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 1000 }), async (req, res) => {
    let outcome: SaveOutcome;
    try {
      outcome = await queue(() => saveForm(dataDir, form, req.body, words, api.log));
    } catch (error) {
      const { status, page } = unreadable(error);
      return sendPage(res, status, page);
    }
    const { status, state } = afterSave(outcome, words.form, form.title(words));
    if (outcome.kind !== 'unchanged') {
      const detail = outcome.kind === 'saved' ? outcome.changes.map(({ field, before, after }) => fillSlots(words.form.change, changeWords(field, before, after))).join('; ') : '';
      recordContentChange(api.db, { session: sessionHint(sessionCookie(req.headers)), action: 'save', outcome: outcome.kind === 'saved' ? 'done' : outcome.kind === 'checkFailed' ? 'failed' : 'refused', detail: `${label}${detail ? `: ${detail}` : ''}` });
    }
    const { page } = show(status, state);
    sendPage(res, status, page);
  });
  // A body too large, with too many fields or malformed: the form again, saying nothing was saved.
  const unreadableForm: ErrorRequestHandler = (error, req, res, next) => {
    const status = errorStatus(error);
    if (status === null || status >= 500 || req.path !== routerPath(path)) return next(error);
    const { page } = show(status, { notice: { kind: 'error', text: words.form.malformed } });
    sendPage(res, status, page);
  };
  router.use(unreadableForm);
}

export function contentRoutes(context: Context): Router {
  const router = Router();
  const overview = (under?: string) => async (_req: express.Request, res: express.Response) => context.sendPage(res, 200, contentPage(context.words, await draftParts(context.service, context.words), under));
  router.get(routerPath(SECTION_PATHS.content), overview());
  // The overview of a group of forms (the Texte: /intern/inhalte/texte).
  for (const under of new Set(DATA_FORMS.flatMap((form) => (form.under ? [form.under] : [])))) router.get(routerPath(`${SECTION_PATHS.content}/${under}`), overview(under));
  // One save at a time across all forms, and never during a preview or publish (server/content/publisher.ts).
  for (const form of DATA_FORMS) formRoutes(router, form, context);
  router.use(photoRoutes(context, context.service.queue));
  placesRoutes(router, { ...context, queue: context.service.queue });
  return router;
}
