// Nachrichten as the owner's inbox (docs/owner-console.md, "Messages as an inbox"): the list with
// search, status and period filter; each message's own page, whose first GET marks it opened;
// the status and note forms (POST, then a redirect to the page); the CSV export of exactly the
// messages the filter shows. "Send again" and deleting stay in server/owner/sections.tsx.
import express, { Router, type Request } from 'express';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { berlinDay } from '../../core/berlin-day.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import { inboxCsv } from './inbox-csv.ts';
import { allMatching, inboxPage, inboxQuery, markOpened, NOTE_MAX, setNote, setStatus, STATUS_PARAM, MESSAGE_STATUSES, type MessageStatus } from './inbox-store.ts';
import { findMessage, MESSAGE_ID, messageNamed, type MessageRow } from './messages.ts';
import { EXPORT_PATH, inboxListPage, type InboxNotice } from './views/inbox-view.tsx';
import { messagePage, type MessagePageState } from './views/message-page-view.tsx';
import { messagePagePath } from './views/messages-view.tsx';
import { routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';

const FORM_BODY = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 4 });

/** The notice a redirect asked for (`?gesendet`, …), in the owner's words. */
function listNotice(words: ConsoleWords, query: Request['query']): InboxNotice | null {
  if ('gesendet' in query) return { kind: 'info', text: words.messages.resent };
  if ('geloescht' in query) return { kind: 'info', text: words.messages.deleted };
  if ('fehlt' in query) return { kind: 'error', text: words.messages.missing };
  return null;
}

const statusOf = (value: unknown): MessageStatus | null => MESSAGE_STATUSES.find((status) => STATUS_PARAM[status] === value) ?? null;

export function inboxRoutes({ api, words, sendPage }: { api: ApiContext; words: ConsoleWords; sendPage: SendPage }): Router {
  const { db } = api;
  const router = Router();
  const messages = routerPath(SECTION_PATHS.messages);
  const missing = `${SECTION_PATHS.messages}?fehlt`;

  router.get(messages, (req, res) => {
    const { filter, before } = inboxQuery(req.query);
    const now = Date.now();
    sendPage(res, 200, inboxListPage(words, { page: inboxPage(db, filter, before, now), filter, paged: before !== null, notice: listNotice(words, req.query), now }));
  });

  router.get(routerPath(EXPORT_PATH), (req, res) => {
    const { filter } = inboxQuery(req.query);
    const now = Date.now();
    const rows = allMatching(db, filter, now);
    const name = fillSlots(words.inbox.csv.fileName, { date: berlinDay(now) });
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` });
    res.send(Buffer.from(inboxCsv(words, rows), 'utf8'));
  });

  const messageOf = (req: Request): MessageRow | null => messageNamed(db, req.params.id);
  const show = (res: express.Response, status: number, row: MessageRow, state: MessagePageState) => sendPage(res, status, messagePage(words, row, state, Date.now()));

  router.get(`${messages}/:id`, (req, res, next) => {
    if (!MESSAGE_ID.test(req.params.id ?? '')) return next();
    const found = messageOf(req);
    if (found === null) return res.redirect(303, missing);
    markOpened(db, found.id, new Date());
    const notice: InboxNotice | null = 'status' in req.query ? { kind: 'info', text: words.inbox.statusSaved } : 'notiz' in req.query ? { kind: 'info', text: words.inbox.noteSaved } : null;
    show(res, 200, findMessage(db, found.id) ?? found, { notice });
  });

  router.post(`${messages}/:id/status`, FORM_BODY, (req, res) => {
    const found = messageOf(req);
    const status = statusOf((req.body as Record<string, unknown> | undefined)?.status);
    if (found === null) return res.redirect(303, missing);
    if (status === null) return res.redirect(303, messagePagePath(found.id));
    setStatus(db, found.id, status);
    api.log(`Owner's console: contact message ${found.id} set to ${status}.`);
    res.redirect(303, `${messagePagePath(found.id)}?status`);
  });

  router.post(`${messages}/:id/notiz`, FORM_BODY, (req, res) => {
    const found = messageOf(req);
    if (found === null) return res.redirect(303, missing);
    const posted = (req.body as Record<string, unknown> | undefined)?.notiz;
    const note = typeof posted === 'string' ? posted.replace(/\r\n?/g, '\n').trim() : '';
    if (note.length > NOTE_MAX) return show(res, 422, found, { notice: null, draft: note, problem: fillSlots(words.inbox.noteTooLong, { max: NOTE_MAX }) });
    setNote(db, found.id, note);
    res.redirect(303, `${messagePagePath(found.id)}?notiz`);
  });

  return router;
}
