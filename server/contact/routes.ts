// POST /api/contact: validate, commit the message to SQLite, answer, then mail it in the
// background (server/contact/mail.ts). JSON from the form islands; a plain form POST (no JavaScript)
// gets a small German result page instead.
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import cron from 'node-cron';
import { parseContact, type ContactFormVariant } from '../../core/forms/contact.ts';
import { CONTACT_RETENTION_DAYS } from '../../core/retention.ts';
import type { ApiContext, StopJobs } from '../context.ts';
import { apiRateLimit } from '../http/limit.ts';
import { bodyError, closeAfterTooLarge, refuseAnnouncedTooLarge } from '../http/body.ts';
import { escapeHtml, leaseUntil, retryPending, sendInBackground } from './mail.ts';
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
function fail(page: Page, req: Request, res: Response, status: number, error: string, fields?: Record<string, string>): void {
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
    if (bodyKind(req) === null) return fail(page, req, res, 415, TEXT.contentType);
    next();
  };
}

function parseErrors(page: Page): ErrorRequestHandler {
  return (error, req, res, next) => {
    const found = bodyError(error);
    if (!found) return next(error);
    closeAfterTooLarge(res, found);
    if (found.problem === 'too-large') return fail(page, req, res, 413, TEXT.tooLarge);
    if (found.problem === 'encoding') return fail(page, req, res, 415, TEXT.contentType);
    fail(page, req, res, 400, TEXT.malformed);
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

export function contactRoutes(context: ApiContext): Router {
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
    answer: (req, res) => fail(page, req, res, 429, TEXT.tooMany),
  });

  const accept: RequestHandler = (req, res) => {
    const kind = bodyKind(req)!;
    if (!isPlainObject(req.body)) return fail(page, req, res, 400, TEXT.malformed);
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
    if (!parsed.ok) return fail(page, req, res, 422, TEXT.invalid, parsed.fields);
    const { value } = parsed;
    const now = new Date();
    let id: number;
    try {
      // Stored with a lease on the first send: the job does not send it twice while this process does.
      const result = insert.run(now.toISOString(), kind === 'form' ? 'html' : value.form, value.name, value.email, value.phone, value.message, leaseUntil(now));
      id = Number(result.lastInsertRowid);
    } catch (error) {
      context.log(`Contact: cannot store a message (${(error as Error).message}); the visitor was asked to call.`);
      return fail(page, req, res, 503, TEXT.notStored);
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
      (req, res) => fail(page, req, res, 413, TEXT.tooLarge),
    ),
    express.json({ limit: JSON_LIMIT, strict: true, type: 'application/json' }),
    express.urlencoded({ limit: FORM_LIMIT, extended: false, parameterLimit: 20, type: 'application/x-www-form-urlencoded' }),
    accept,
  );
  router.all('/', (req, res) => {
    res.set('Allow', 'POST');
    fail(page, req, res, 405, TEXT.method);
  });
  router.use(parseErrors(page));
  return router;
}

// The privacy policy promises to delete a request at the latest 6 months after the last contact
// (data/legal/datenschutz.md, section 6); the stored copy only serves the mail, so it goes
// CONTACT_RETENTION_DAYS after it arrived. A message whose mail is still pending is kept: it has
// not reached anyone yet.
export { CONTACT_RETENTION_DAYS };
const CONTACT_RETENTION_CRON = '41 3 * * *';

export function deleteOldMessages(db: ApiContext['db'], now: Date = new Date()): number {
  const cutoff = new Date(now.getTime() - CONTACT_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return db.prepare("DELETE FROM contact_messages WHERE created_at < ? AND mail_status <> 'pending'").run(cutoff).changes;
}

export function contactJobs(context: ApiContext): StopJobs {
  const schedule = context.config.mailRetryCron;
  if (!cron.validate(schedule)) {
    throw new Error(`MAIL_RETRY_CRON "${schedule}" is not a valid cron expression. Use five fields such as "*/5 * * * *", or unset it.`);
  }
  const task = cron.schedule(
    schedule,
    async () => {
      try {
        const summary = await retryPending(context);
        if (summary.sent > 0 || summary.pending > 0) {
          context.log(`Mail retry: ${summary.sent} sent, ${summary.pending} still pending, ${summary.failed} failed.`);
        }
      } catch (error) {
        context.log(`Mail retry failed: ${(error as Error).message}`);
      }
    },
    { name: 'mail-retry', noOverlap: true },
  );
  const forget = () => {
    try {
      const deleted = deleteOldMessages(context.db);
      if (deleted > 0) context.log(`Contact retention: deleted ${deleted} messages older than ${CONTACT_RETENTION_DAYS} days.`);
    } catch (error) {
      context.log(`Contact retention failed: ${(error as Error).message}. The next daily run tries again.`);
    }
  };
  forget();
  const retention = cron.schedule(CONTACT_RETENTION_CRON, forget, { name: 'contact-retention', noOverlap: true });
  return () => {
    void task.stop();
    void retention.stop();
  };
}
