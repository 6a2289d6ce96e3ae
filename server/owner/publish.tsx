// The console's preview, publishing, history and go-live list (docs/owner-console.md, "Preview,
// publish, undo"): /intern/vorschau (the draft's changes and the preview's pages, POST builds the
// preview), /intern/vorschau/veroeffentlichen (POST publishes), /intern/vorschau/<page> (the
// preview's pages), /intern/inhalte/verlauf (the publishes; POST …/rueckgaengig undoes one) and
// /intern/inhalte/start (the go-live items, each with the form that resolves it). Mounted behind
// the session check and the same-origin rule (server/owner/console.tsx).
import express, { Router } from 'express';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import type { ChangeLine, FileChange } from '../content/describe.ts';
import { partOfSite } from '../content/forms.ts';
import { listPublishes, publishOf, revertedCommits, unpublishedFiles, type Publish } from '../content/history.ts';
import type { ContentService, UndoOutcome, PublishOutcome } from '../content/publisher.ts';
import { recordContentChange, type ContentAction, type ContentOutcome } from '../content/audit.ts';
import { sendPreviewFile } from './preview-files.ts';
import { sessionCookie, sessionHint } from './sessions.ts';
import { COMMIT_FIELD, HISTORY_PATH, PREVIEW_PATH, previewPage, PUBLISH_PATH, UNDO_PATH, VERSION_FIELD, type Notices } from './views/publish-view.tsx';
import { historyPage, OLDER_FIELD, undoPage, type HistoryEntry } from './views/history-view.tsx';
import { routerPath, type SendPage } from './views/render.tsx';
import { startRoutes } from './start.tsx';
import { pageNames } from '../visits/page-names.ts';
import { DISCARDED } from './discard.tsx';

/** Publishes listed on a page of the history; "Ältere Veröffentlichungen" leads to the next (`?vor=<commit>`). */
const HISTORY_SHOWN = 30;
/** A commit's subject: the first changes, cut to what a list shows on one or two lines. */
const SUBJECT_LENGTH = 120;

interface Context {
  api: ApiContext;
  words: ConsoleWords;
  sendPage: SendPage;
  service: ContentService;
}

/** A change as one line of a commit message. */
function lineText(line: ChangeLine, words: ConsoleWords['publish']): string {
  switch (line.kind) {
    case 'value':
      return fillSlots(words.value, line);
    case 'added':
    case 'removed':
      return fillSlots(words[line.kind], line);
    case 'file':
      return words[line.change === 'added' ? 'fileAdded' : line.change === 'removed' ? 'fileRemoved' : 'fileChanged'];
    case 'lines':
      return `${line.removed.length} − / ${line.added.length} +`;
  }
}

/** The commit message of a publish: its changes, the first ones as the subject. */
export function publishMessage(changes: readonly FileChange[], words: ConsoleWords): string {
  const lines = changes.flatMap((change) => change.lines.map((line) => `${change.file}: ${lineText(line, words.publish)}`));
  // A photo's file says little alone: its part of the site before it ("Fotos: Datei neu angelegt.").
  const short = changes.flatMap((change) => change.lines.filter((line) => line.kind !== 'lines').map((line) => (line.kind === 'file' ? `${change.part}: ` : '') + lineText(line, words.publish)));
  const subject = short.length > 0 ? short.join('; ') : words.history.publishMessage;
  return `${subject.length > SUBJECT_LENGTH ? `${subject.slice(0, SUBJECT_LENGTH - 1)}…` : subject}\n\n${lines.join('\n')}`;
}

const PUBLISHED = 'veroeffentlicht';
const UNDONE = 'rueckgaengig';

/** A done publish or undo as the query of the history's address it redirects to: what, whether with open items, whether in the history. */
function doneQuery(outcome: Extract<PublishOutcome, { kind: 'published' }>, what: typeof PUBLISHED | typeof UNDONE): string {
  return new URLSearchParams({ ergebnis: what, ...(outcome.production ? {} : { offen: '1' }), ...(outcome.historyProblem ? { verlauf: outcome.historyProblem } : {}) }).toString();
}

/** The publish or undo the history's query says was done, or null. */
function doneOf(query: Record<string, unknown>): { what: string; outcome: Extract<PublishOutcome, { kind: 'published' }> } | null {
  const what = query['ergebnis'];
  if (what !== PUBLISHED && what !== UNDONE) return null;
  const problem = query['verlauf'];
  return { what, outcome: { kind: 'published', production: query['offen'] === undefined, commit: null, historyProblem: problem === 'noRepository' || problem === 'commitFailed' ? problem : null } };
}

/** The notice of a publish or an undo, and its status. */
function publishNotice(outcome: PublishOutcome | UndoOutcome, words: ConsoleWords, done: string): { status: number; notice: NonNullable<Notices['notice']> } {
  const w = words.publish;
  const h = words.history;
  const parts = (files: readonly string[]) => [...new Set(files.map((file) => partOfSite(file, words)))].join(', ');
  switch (outcome.kind) {
    case 'published': {
      const said = outcome.production ? done : `${done} ${w.publishedTest}`;
      if (outcome.historyProblem === null) return { status: 200, notice: { kind: 'info', text: said } };
      return { status: 200, notice: { kind: 'error', text: `${said} ${outcome.historyProblem === 'noRepository' ? h.unavailable : w.historyMissing}` } };
    }
    case 'stale':
      return { status: 409, notice: { kind: 'error', text: w.stale } };
    case 'unavailable':
      return { status: 503, notice: { kind: 'error', text: w.unavailable } };
    case 'failed':
      return { status: 500, notice: { kind: 'error', text: fillSlots(w.buildFailed, { message: outcome.message }) } };
    case 'noHistory':
      return { status: 503, notice: { kind: 'error', text: h.unavailable } };
    case 'refused': {
      const refusal = outcome.refusal;
      const text =
        refusal.kind === 'draft' ? fillSlots(h.refusedDraft, { files: parts(refusal.files) }) : refusal.kind === 'conflict' ? fillSlots(h.refusedConflict, { files: parts(refusal.files) }) : refusal.kind === 'outsideData' ? h.refusedOutside : h.refusedUnknown;
      return { status: 409, notice: { kind: 'error', text } };
    }
  }
}

/**
 * The history's pages: a publish with its changes and whether an undo reverted it (`entry`), and a
 * page of 30, the newest or those older than the publish `before` names (the newest when it names
 * none), with the commit the next page starts after (`showHistory`).
 */
function historyPages(service: ContentService, words: ConsoleWords) {
  const entry = async (publish: Publish, reverted: Set<string>): Promise<HistoryEntry> => ({ publish, changes: await service.changesOf(publish, words), undone: reverted.has(publish.commit) });
  const entries = async (before?: string): Promise<{ publishes: HistoryEntry[]; older: string | null; paged: boolean } | null> => {
    const repo = await service.repository();
    if (repo === null) return null;
    const start = before === undefined ? undefined : (await publishOf(repo, before))?.commit;
    const reverted = await revertedCommits(repo);
    const listed = await listPublishes(repo, HISTORY_SHOWN + 1, start);
    const shown = listed.slice(0, HISTORY_SHOWN);
    return { publishes: await Promise.all(shown.map((publish) => entry(publish, reverted))), older: listed.length > HISTORY_SHOWN ? shown.at(-1)!.commit : null, paged: start !== undefined };
  };
  const showHistory = async (status: number, notices: Notices = {}, before?: string) => {
    const page = await entries(before);
    return { status, page: historyPage(words, { publishes: page?.publishes ?? null, older: page?.older ?? null, paged: page?.paged ?? false, ...notices }) };
  };
  return { entry, showHistory };
}

export function publishRoutes({ api, words, sendPage, service }: Context): Router {
  const router = Router();
  const record = (req: express.Request, action: ContentAction, outcome: ContentOutcome, detail: string) => recordContentChange(api.db, { session: sessionHint(sessionCookie(req.headers)), action, outcome, detail });
  const logged = (outcome: PublishOutcome | UndoOutcome, done: string): [ContentOutcome, string] =>
    // A failed build is recorded by what was tried, in the owner's words (the System page shows it); its English message is the log's (server/content/publisher.ts).
    outcome.kind === 'published' || outcome.kind === 'failed' ? [outcome.kind === 'published' ? 'done' : 'failed', done] : ['refused', publishNotice(outcome, words, '').notice.text];
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 4 });

  const showPreview = async (status: number, notices: Notices = {}) => {
    const { version, changes } = await service.draft(words);
    const repository = (await service.repository()) !== null;
    const record = service.previewRecord();
    const preview = service.previewStatus(version);
    const pages = preview === 'current' ? service.previewPages() : [];
    const names = preview === 'current' && service.layout ? pageNames(service.layout.preview, api.log) : new Map<string, string>();
    const draft = repository ? changes.length > 0 : pages.length > 0;
    return { status, page: previewPage(words, { version, changes, repository, record, preview, pages, names, draft, ...notices }) };
  };
  const { entry, showHistory } = historyPages(service, words);
  const answer = async (res: express.Response, shown: Promise<{ status: number; page: Parameters<SendPage>[2] }>) => {
    const { status, page } = await shown;
    sendPage(res, status, page);
  };

  router.get(routerPath(PREVIEW_PATH), (req, res) => answer(res, showPreview(200, DISCARDED in req.query ? { notice: { kind: 'info', text: words.publish.discarded } } : {})));
  router.post(routerPath(PREVIEW_PATH), async (req, res) => {
    const outcome = await service.preview();
    record(req, 'preview', outcome.kind === 'built' ? 'done' : 'failed', '');
    if (outcome.kind === 'built') return void res.redirect(303, PREVIEW_PATH);
    const text = outcome.kind === 'unavailable' ? words.publish.unavailable : fillSlots(words.publish.previewFailed, { message: outcome.message });
    await answer(res, showPreview(outcome.kind === 'unavailable' ? 503 : 500, { notice: { kind: 'error', text } }));
  });
  router.post(routerPath(PUBLISH_PATH), form, async (req, res) => {
    const version = String((req.body as Record<string, unknown>)[VERSION_FIELD] ?? '');
    const { changes } = await service.draft(words);
    const message = publishMessage(changes, words);
    const outcome = await service.publish(version, message);
    record(req, 'publish', ...logged(outcome, message.split('\n')[0]!));
    // Done: the history, by a redirect, so that reloading it publishes nothing again.
    if (outcome.kind === 'published') return void res.redirect(303, `${HISTORY_PATH}?${doneQuery(outcome, PUBLISHED)}`);
    const { status, notice } = publishNotice(outcome, words, '');
    await answer(res, showPreview(status, { notice }));
  });
  router.get(`${routerPath(PREVIEW_PATH)}/*rest`, (req, res, next) => {
    const folder = service.layout?.preview;
    const path = req.path.slice(routerPath(PREVIEW_PATH).length);
    if (folder && sendPreviewFile(res, folder, path, PREVIEW_PATH, { text: words.publish.banner, back: words.publish.back })) return;
    next();
  });

  router.get(routerPath(HISTORY_PATH), (req, res) => {
    const done = doneOf(req.query);
    const notice = done === null ? undefined : publishNotice(done.outcome, words, done.what === PUBLISHED ? words.publish.published : words.history.undone).notice;
    // A later page: the publishes older than `vor`; one that names no publish shows the newest.
    const before = typeof req.query[OLDER_FIELD] === 'string' ? req.query[OLDER_FIELD] : undefined;
    return answer(res, showHistory(200, notice ? { notice } : {}, before));
  });
  // The question before an undo (the history's button is a GET to it); its answer is the POST below.
  // Any publish of the history may be undone, on whichever page it is listed.
  router.get(routerPath(UNDO_PATH), async (req, res) => {
    const commit = String(req.query[COMMIT_FIELD] ?? '');
    const repo = await service.repository();
    const publish = repo === null ? null : await publishOf(repo, commit);
    const found = publish === null ? null : await entry(publish, await revertedCommits(repo!));
    if (!found || found.undone) return answer(res, showHistory(404, { notice: { kind: 'error', text: words.history.refusedUnknown } }));
    sendPage(res, 200, undoPage(words, found));
  });
  router.post(routerPath(UNDO_PATH), form, async (req, res) => {
    const commit = String((req.body as Record<string, unknown>)[COMMIT_FIELD] ?? '');
    let message = '';
    const outcome = await service.undo(commit, (reverted) => (message = fillSlots(words.history.undoMessage, { subject: reverted.subject })));
    record(req, 'undo', ...logged(outcome, message));
    if (outcome.kind === 'published') return void res.redirect(303, `${HISTORY_PATH}?${doneQuery(outcome, UNDONE)}`);
    const { status, notice } = publishNotice(outcome, words, words.history.undone);
    await answer(res, showHistory(status, { notice }));
  });
  router.use(startRoutes({ api, words, sendPage, service }));
  return router;
}

/** The parts of the site saved but not yet published ("Preise, Fotos"), for the bar on the Inhalte pages. */
export async function draftParts(service: ContentService, words: ConsoleWords): Promise<string[]> {
  const repo = await service.repository();
  return repo === null ? [] : [...new Set((await unpublishedFiles(repo)).map((file) => partOfSite(file, words)))];
}
