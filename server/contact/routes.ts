// POST /api/contact: validate, commit the message to SQLite, answer, then mail it in the
// background (server/contact/outbox.ts). JSON from the form islands; a plain form POST (no JavaScript)
// gets a small German result page instead.
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { parseContact, type ContactFormVariant } from '../../core/forms/contact.ts';
import type { ApiContext } from '../context.ts';
import { apiRateLimit } from '../http/limit.ts';
import { bodyError, closeAfterTooLarge, refuseAnnouncedTooLarge } from '../http/body.ts';
import { escapeMarkup as escapeHtml } from '../../core/escape.ts';
import { leaseUntil, sendInBackground } from './outbox.ts';
import { resultPage } from './result.ts';

const JSON_LIMIT = 16 * 1024;
// Percent-encoding turns one umlaut into six bytes, so a full-length message needs more room.
const FORM_LIMIT = 32 * 1024;
const RATE_WINDOW_MS = 10 * 60_000;

const TEXT = {
  invalid: 'Bitte prüfen Sie Ihre Eingaben.',
  malformed: 'Die Anfrage ist ungültig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  tooLarge: 'Ihre Nachricht ist zu lang. Bitte kürzen Sie sie oder rufen Sie uns an.',
  contentType: 'Bitte senden Sie das Formular als JSON oder als normales Formular.',
  tooMany: 'Zu viele Anfragen. Bitte rufen Sie uns an oder versuchen Sie es später erneut.',
  notStored: 'Ihre Nachricht konnte nicht gespeichert werden. Bitte rufen Sie uns an oder versuchen Sie es später erneut.',
  method: 'Nachrichten werden nur per POST angenommen.',
  sentTitle: 'Nachricht gesendet!',
  sentText: 'Vielen Dank für Ihre Nachricht. Wir melden uns schnellstmöglich bei Ihnen.',
  failedTitle: 'Nachricht nicht gesendet',
} as const;

type BodyKind = 'json' | 'form';

function bodyKind(req: Request): BodyKind | null {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return null;
}

function backLink(req: Request): string {
  const href = (req.body as { form?: unknown } | undefined)?.form === 'home' ? '/' : '/kontakt';
  return `<p><a href="${href}">Zurück zum Formular</a></p>`;
}

type Page = (title: string, body: string) => string;

/** An error answer in the caller's format: JSON for scripts, a page for a plain form POST. */
function answerFailure(page: Page, req: Request, res: Response, status: number, error: string, fields?: Record<string, string>): void {
  res.status(status).set('Cache-Control', 'no-store');
  if (bodyKind(req) !== 'form') {
    res.json(fields === undefined ? { error } : { error, fields });
    return;
  }
  const items = Object.values(fields ?? {})
    .map((message) => `<li>${escapeHtml(message)}</li>`)
    .join('');
  res.type('html').send(page(TEXT.failedTitle, `<p>${escapeHtml(error)}</p>${items ? `<ul>${items}</ul>` : ''}${backLink(req)}`));
}

function requireContentType(page: Page): RequestHandler {
  return (req, res, next) => {
    if (bodyKind(req) === null) return answerFailure(page, req, res, 415, TEXT.contentType);
    next();
  };
}

function parseErrors(page: Page): ErrorRequestHandler {
  return (error, req, res, next) => {
    const found = bodyError(error);
    if (!found) return next(error);
    closeAfterTooLarge(res, found);
    if (found.problem === 'too-large') return answerFailure(page, req, res, 413, TEXT.tooLarge);
    if (found.problem === 'encoding') return answerFailure(page, req, res, 415, TEXT.contentType);
    answerFailure(page, req, res, 400, TEXT.malformed);
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A plain form's fields as the JSON islands send them (checkbox 'on' → true, variant from the hidden field). */
function fromFormPost(body: Record<string, unknown>): Record<string, unknown> {
  const text = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
  const form: ContactFormVariant = body.form === 'home' ? 'home' : 'kontakt';
  const privacy = ['on', 'true', '1'].includes(String(body.privacy ?? '')) ? true : undefined;
  return { form, name: text('name'), email: text('email'), phone: text('phone'), message: text('message'), website: text('website'), privacy };
}

function honeypotFilled(body: Record<string, unknown>): boolean {
  const value = body.website;
  return value !== undefined && value !== null && value !== '';
}

export function contactApi(context: ApiContext): Router {
  const router = Router();
  const page: Page = (title, body) => resultPage(context, title, body);
  const insert = context.db.prepare(
    `INSERT INTO contact_messages (created_at, form, name, email, phone, message, mail_next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const nextId = context.db.prepare('SELECT coalesce(max(id), 0) + 1 AS id FROM contact_messages');

  const limiter = apiRateLimit({
    windowMs: RATE_WINDOW_MS,
    limit: context.config.contactPerTenMinutes,
    // Counts what a sender gets stored (or is told is stored); typos answered 422 cost nothing.
    skipFailedRequests: true,
    answer: (req, res) => answerFailure(page, req, res, 429, TEXT.tooMany),
  });

  const accept: RequestHandler = (req, res) => {
    const kind = bodyKind(req)!;
    if (!isPlainObject(req.body)) return answerFailure(page, req, res, 400, TEXT.malformed);
    const body = kind === 'form' ? fromFormPost(req.body) : req.body;
    const succeed = (id: number) => {
      res.status(201).set('Cache-Control', 'no-store');
      if (kind === 'json') res.json({ ok: true, id });
      else res.type('html').send(page(TEXT.sentTitle, `<p>${TEXT.sentText}</p>`));
    };
    // Checked before validation, so a bot learns nothing from field messages.
    if (honeypotFilled(body)) {
      context.log(`Contact: honeypot field filled (${kind} post); message discarded.`);
      return succeed((nextId.get() as { id: number }).id);
    }
    const parsed = parseContact(body);
    if (!parsed.ok) return answerFailure(page, req, res, 422, TEXT.invalid, parsed.fields);
    const { value } = parsed;
    const now = new Date();
    let id: number;
    try {
      // Stored with a lease on the first send: the job does not send it twice while this process does.
      const result = insert.run(now.toISOString(), kind === 'form' ? 'html' : value.form, value.name, value.email, value.phone, value.message, leaseUntil(now));
      id = Number(result.lastInsertRowid);
    } catch (error) {
      context.log(`Contact: cannot store a message (${(error as Error).message}); the visitor was asked to call.`);
      return answerFailure(page, req, res, 503, TEXT.notStored);
    }
    succeed(id);
    void sendInBackground(context, id);
  };

  router.post(
    '/',
    limiter,
    requireContentType(page),
    refuseAnnouncedTooLarge(
      (req) => (bodyKind(req) === 'form' ? FORM_LIMIT : JSON_LIMIT),
      (req, res) => answerFailure(page, req, res, 413, TEXT.tooLarge),
    ),
    express.json({ limit: JSON_LIMIT, strict: true, type: 'application/json' }),
    express.urlencoded({ limit: FORM_LIMIT, extended: false, parameterLimit: 20, type: 'application/x-www-form-urlencoded' }),
    accept,
  );
  router.all('/', (req, res) => {
    res.set('Allow', 'POST');
    answerFailure(page, req, res, 405, TEXT.method);
  });
  router.use(parseErrors(page));
  return router;
}
