// POST /api/contact: validate, commit the message to SQLite, answer, then mail it in the
// background (server/contact/outbox.ts). JSON from the form islands; a plain form POST (no
// JavaScript) gets the result page instead (server/contact/result.ts). Every word a visitor gets
// is in data/messages.yaml but the field messages, which the form schema shares with the browser
// (core/forms/contact.ts).
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { CONTACT_FORMS, parseContact, type ContactFormVariant } from '../../core/forms/contact.ts';
import type { ApiContext } from '../context.ts';
import { bodyError, closeAfterTooLarge, refuseAnnouncedTooLarge } from '../http/body.ts';
import { apiRateLimit } from '../http/limit.ts';
import { capReached, noteCapHit } from './cap.ts';
import { leaseUntil, sendInBackground } from './outbox.ts';
import { keepRefused } from './refused.ts';
import { failedPage, sentPage } from './result.ts';
import { alertNewMessage } from '../push/alerts.ts';

const JSON_LIMIT = 16 * 1024;
// Percent-encoding turns one umlaut into six bytes, so a full-length message needs more room.
const FORM_LIMIT = 32 * 1024;
const RATE_WINDOW_MS = 10 * 60_000;

type BodyKind = 'json' | 'form';

function bodyKind(req: Request): BodyKind | null {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return null;
}

/** A body as the parsers left it: an object of fields, or nothing usable (a list, a string, none). */
const bodyFields = z.record(z.string(), z.unknown());
const variantField = z.object({ form: z.enum(CONTACT_FORMS) });

/** The form variant a body names; `kontakt` when it names none (the plain form's hidden field decides). */
function variantOf(body: unknown): ContactFormVariant {
  const named = variantField.safeParse(body);
  return named.success ? named.data.form : 'kontakt';
}

/** An error answer in the caller's format: JSON for scripts, a page for a plain form POST. */
function answerFailure(context: ApiContext, req: Request, res: Response, status: number, error: string, fields?: Record<string, string>): void {
  res.status(status).set('Cache-Control', 'no-store');
  if (bodyKind(req) !== 'form') {
    res.json(fields === undefined ? { error } : { error, fields });
    return;
  }
  res.type('html').send(failedPage(context, variantOf(req.body), error, fields));
}

function requireContentType(context: ApiContext): RequestHandler {
  return (req, res, next) => {
    if (bodyKind(req) === null) return answerFailure(context, req, res, 415, context.messages.contact.format);
    next();
  };
}

function parseErrors(context: ApiContext): ErrorRequestHandler {
  const { api, contact } = context.messages;
  return (error, req, res, next) => {
    const found = bodyError(error);
    if (!found) return next(error);
    closeAfterTooLarge(res, found);
    if (found.problem === 'too-large') return answerFailure(context, req, res, 413, contact.tooLong);
    if (found.problem === 'encoding') return answerFailure(context, req, res, 415, contact.format);
    answerFailure(context, req, res, 400, api.malformed);
  };
}

/** A plain form's fields as the JSON islands send them (checkbox 'on' → true, variant from the hidden field). */
function fromFormPost(body: Record<string, unknown>): Record<string, unknown> {
  const text = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
  const privacy = ['on', 'true', '1'].includes(String(body.privacy ?? '')) ? true : undefined;
  return { form: variantOf(body), name: text('name'), email: text('email'), phone: text('phone'), message: text('message'), website: text('website'), privacy };
}

function honeypotFilled(body: Record<string, unknown>): boolean {
  const value = body.website;
  return value !== undefined && value !== null && value !== '';
}

/** The last handler: the honeypot, the schema, the commit, the answer, then the mail. */
function acceptMessage(context: ApiContext): RequestHandler {
  const { messages } = context;
  const insert = context.db.prepare(
    `INSERT INTO contact_messages (created_at, form, name, email, phone, message, mail_next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const nextId = context.db.prepare('SELECT coalesce(max(id), 0) + 1 AS id FROM contact_messages');
  return (req, res) => {
    const kind = bodyKind(req)!;
    const fields = bodyFields.safeParse(req.body);
    if (!fields.success) return answerFailure(context, req, res, 400, messages.api.malformed);
    const body = kind === 'form' ? fromFormPost(fields.data) : fields.data;
    const succeed = (id: number) => {
      res.status(201).set('Cache-Control', 'no-store');
      if (kind === 'json') res.json({ ok: true, id });
      else res.type('html').send(sentPage(context));
    };
    // Checked before validation, so a bot learns nothing from field messages.
    if (honeypotFilled(body)) {
      const id = (nextId.get() as { id: number }).id;
      const kept = keepRefused(context, body, kind === 'form', 'honeypot');
      context.log(`Contact: honeypot field filled (${kind} post); ${kept ? 'kept as spam, not mailed' : 'message discarded'}.`);
      return succeed(id);
    }
    const parsed = parseContact(body);
    if (!parsed.ok) return answerFailure(context, req, res, 422, messages.api.invalid, parsed.fields);
    const { value } = parsed;
    const now = new Date();
    // The overall cap (server/contact/cap.ts): the message is kept as spam, the visitor asked to call.
    const retryAfter = capReached(context, now.getTime());
    if (retryAfter !== null) {
      keepRefused(context, body, kind === 'form', 'limit');
      noteCapHit(context, now.getTime());
      res.set('Retry-After', String(retryAfter));
      return answerFailure(context, req, res, 503, messages.contact.overCap);
    }
    let id: number;
    try {
      // Stored with a lease on the first send: the job does not send it twice while this process does.
      const result = insert.run(now.toISOString(), kind === 'form' ? 'html' : value.form, value.name, value.email, value.phone, value.message, leaseUntil(now));
      id = Number(result.lastInsertRowid);
    } catch (error) {
      context.log(`Contact: cannot store a message (${(error as Error).message}); the visitor was asked to call.`);
      return answerFailure(context, req, res, 503, messages.contact.notStored);
    }
    succeed(id);
    void sendInBackground(context, id);
    // The owner's phone hears of it at once, beside the mail (server/push/alerts.ts).
    void alertNewMessage(context, id);
  };
}

const jsonBody = express.json({ limit: JSON_LIMIT, strict: true, type: 'application/json' });
const formBody = express.urlencoded({ limit: FORM_LIMIT, extended: false, parameterLimit: 20, type: 'application/x-www-form-urlencoded' });

/**
 * Over the rate limit: the answer is the same 429 as ever, at once; a body of an accepted type and
 * size is read meanwhile and, when it is a message the form would take, kept as spam
 * (server/contact/refused.ts). A body that cannot be read is simply not kept.
 */
function keepOverLimit(context: ApiContext, req: Request, res: Response, answer: () => void): void {
  const kind = bodyKind(req);
  const declared = Number(req.headers['content-length']);
  const limit = kind === 'form' ? FORM_LIMIT : JSON_LIMIT;
  if (kind !== null && !(Number.isFinite(declared) && declared > limit)) {
    // The parser starts reading now, so the body is not discarded when the answer ends.
    (kind === 'json' ? jsonBody : formBody)(req, res, (error?: unknown) => {
      const fields = bodyFields.safeParse(req.body);
      if (error || !fields.success) return;
      const body = kind === 'form' ? fromFormPost(fields.data) : fields.data;
      if (keepRefused(context, body, kind === 'form', 'limit')) context.log(`Contact: a message over the rate limit (${kind} post) was kept as spam, not mailed.`);
    });
  }
  setImmediate(answer);
}

export function contactApi(context: ApiContext): Router {
  const router = Router();
  const { messages } = context;
  const limiter = apiRateLimit({
    windowMs: RATE_WINDOW_MS,
    limit: context.config.contactPerTenMinutes,
    text: messages.api.tooManyRequests,
    // Counts what a sender gets stored (or is told is stored); typos answered 422 cost nothing.
    skipFailedRequests: true,
    answer: (req, res, text) => keepOverLimit(context, req, res, () => answerFailure(context, req, res, 429, text)),
    store: context.kept?.limits.store('contact'),
  });
  router.post(
    '/',
    limiter,
    requireContentType(context),
    refuseAnnouncedTooLarge(
      (req) => (bodyKind(req) === 'form' ? FORM_LIMIT : JSON_LIMIT),
      (req, res) => answerFailure(context, req, res, 413, messages.contact.tooLong),
    ),
    jsonBody,
    formBody,
    acceptMessage(context),
  );
  router.all('/', (req, res) => {
    res.set('Allow', 'POST');
    answerFailure(context, req, res, 405, messages.contact.postOnly);
  });
  router.use(parseErrors(context));
  return router;
}
