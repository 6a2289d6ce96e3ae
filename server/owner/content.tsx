// The console's Inhalte (docs/owner-console.md, "Editing the data"): the overview and the form of
// data/prices.yaml. Mounted behind the session check and the same-origin rule of
// server/owner/console.tsx. The file is fixed by the route, never taken from the request; saves
// run one at a time (server/content/data-file.ts).
import express, { Router, type ErrorRequestHandler } from 'express';
import { errorStatus } from '../http/body.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import { readDataFile, saveQueue } from '../content/data-file.ts';
import { pricesForm, schemaProblems } from '../content/prices-form.ts';
import { saveForm, type DataForm, type SaveOutcome } from '../content/save.ts';
import { parseDataText } from '../content/yaml-edit.ts';
import { contentPage, dataFormPage, PRICES_PATH, type FormState } from './views/content-view.tsx';
import { consolePage, Notice, routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';

/** A form of some fifty fields; the largest sensible post is a few KB. */
const FORM_LIMIT = '64kb';

/** The page's state after a save, and its status. */
function afterSave(outcome: SaveOutcome, words: ConsoleWords['prices'], file: string): { status: number; state: Omit<FormState, 'groups' | 'version'> } {
  switch (outcome.kind) {
    case 'saved':
      return { status: 200, state: { saved: outcome.changes } };
    case 'unchanged':
      return { status: 200, state: { notice: { kind: 'info', text: words.unchanged } } };
    case 'unknownField':
      return { status: 400, state: { notice: { kind: 'error', text: fillSlots(words.unknownField, { name: outcome.name.slice(0, 80) }) } } };
    case 'conflict':
      return { status: 409, state: { notice: { kind: 'error', text: fillSlots(words.conflict, { file }) }, conflict: outcome.typed } };
    case 'checkFailed':
      return { status: 503, state: { notice: { kind: 'error', text: words.checkFailed }, typed: outcome.typed } };
    case 'problems':
      return { status: 422, state: { typed: outcome.typed, problems: outcome.problems } };
  }
}

export function contentRoutes({ api, words, sendPage }: { api: ApiContext; words: ConsoleWords; sendPage: SendPage }): Router {
  const router = Router();
  const dataDir = api.config.dataDir;
  const queue = saveQueue();
  const prices: DataForm = { file: 'prices.yaml', groups: (data) => pricesForm(data, words.prices), schemaProblems: (data, fields) => schemaProblems(data, fields, words.prices) };
  const label = `data/${prices.file}`;
  /** The page when the file cannot be read as a form (a developer's mistake in it): said to the owner and the operator. */
  const unreadable = (error: unknown) => {
    api.log(`Owner's console: ${label} cannot be edited: ${(error as Error).message}`);
    return { status: 503, page: consolePage(words.prices.title, 'content', <Notice kind="error">{fillSlots(words.prices.unreadable, { file: label })}</Notice>) };
  };
  /** The form with the file as it is now, and what the last save left to say. */
  const show = (status: number, state: Omit<FormState, 'groups' | 'version'> = {}) => {
    try {
      const file = readDataFile(dataDir, prices.file);
      return { status, page: dataFormPage(words, PRICES_PATH, label, { groups: prices.groups(parseDataText(file.text).toJS()), version: file.version, ...state }) };
    } catch (error) {
      return unreadable(error);
    }
  };

  router.get(routerPath(SECTION_PATHS.content), (_req, res) => sendPage(res, 200, contentPage(words)));
  router.get(routerPath(PRICES_PATH), (_req, res) => {
    const { status, page } = show(200);
    sendPage(res, status, page);
  });
  router.post(routerPath(PRICES_PATH), express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 200 }), async (req, res) => {
    let outcome: SaveOutcome;
    try {
      outcome = await queue(() => saveForm(dataDir, prices, req.body, words.prices, api.log));
    } catch (error) {
      const { status, page } = unreadable(error);
      return sendPage(res, status, page);
    }
    const { status, state } = afterSave(outcome, words.prices, label);
    const { page } = show(status, state);
    sendPage(res, status, page);
  });
  // A body too large, with too many fields or malformed: the form again, saying nothing was saved.
  const unreadableForm: ErrorRequestHandler = (error, req, res, next) => {
    const status = errorStatus(error);
    if (status === null || status >= 500 || req.path !== routerPath(PRICES_PATH)) return next(error);
    const { page } = show(status, { notice: { kind: 'error', text: words.prices.malformed } });
    sendPage(res, status, page);
  };
  router.use(unreadableForm);
  return router;
}
