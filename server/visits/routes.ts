// Visitor logging (docs/api.md, 'Visitor log'): page views by path, visits, call and WhatsApp
// clicks, all sent by the browser only after 'Alle akzeptieren' (client/visits.ts); the page
// views of everyone are counted by the server itself (counts.ts). Every row carries only the
// truncated address (address.ts); log.ts writes the rows and forgets them after retention.
import express, { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { firstMessages } from '../../core/forms/field-errors.ts';
import type { VisitorMessages } from '../../core/schema/messages.ts';
import type { ApiContext } from '../context.ts';
import { jsonBodyErrors, refuseAnnouncedTooLarge, sendJsonError } from '../http/body.ts';
import { apiRateLimit } from '../http/limit.ts';
import { anonymiseIp } from './address.ts';
import { visitLog, type LoggedRow } from './log.ts';

const BODY_LIMIT = 4 * 1024;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The path part of a site path, percent-decoded, or null when it is not a plausible path. */
function sitePath(raw: string): string | null {
  const path = raw.replace(/[?#].*$/s, '');
  if (!path.startsWith('/') || path.startsWith('//') || path.length > 300) return null;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: kept as sent, it is still only a path.
  }
  return CONTROL.test(decoded) ? null : decoded;
}

/** The three bodies, each field failing with its message of data/messages.yaml. */
function bodySchemas(words: VisitorMessages['visits']) {
  const path = z.string({ error: words.pathMissing }).transform((value, ctx) => {
    const found = sitePath(value);
    if (found === null) ctx.addIssue({ code: 'custom', message: words.path });
    return found ?? '';
  });
  return {
    ip: z.object({ path }),
    click: z.object({ path, kind: z.enum(['call', 'whatsapp'], { error: words.kind }) }),
    visit: z.object({
      pageUrl: z.string({ error: words.pageUrlMissing }).max(2048, words.pageUrlTooLong),
      screenResolution: z.string({ error: words.screenMissing }).regex(/^\d{1,5}x\d{1,5}$/, words.screen),
      timezone: z
        .string({ error: words.timezoneMissing })
        .max(64, words.timezoneTooLong)
        .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, words.timezone),
      sessionId: z.uuid({ error: words.sessionId }),
    }),
  };
}

/** The path of pageUrl when it is a path or a URL of this site (the configured one or the requested host). */
function pagePath(pageUrl: string, req: Request, siteUrl: string | undefined): string | null {
  if (pageUrl.startsWith('/')) return sitePath(pageUrl);
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  const hosts = [req.get('host')];
  try {
    if (siteUrl) hosts.push(new URL(siteUrl).host);
  } catch {
    // A malformed site url only narrows what is accepted to the requested host.
  }
  if (!/^https?:$/.test(url.protocol) || !hosts.includes(url.host)) return null;
  return sitePath(url.pathname);
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

// navigator.sendBeacon on tab close may carry no body at all; there is nothing to store.
const emptyBeacon: RequestHandler = (req, res, next) => {
  const length = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (length === '0' || (length === undefined && !chunked)) return void res.status(204).end();
  next();
};

export function visitsApi(context: ApiContext): Router {
  const { api, visits: words } = context.messages;
  const bodies = bodySchemas(words);
  const log = visitLog(context.db);
  const store = (req: Request, row: Omit<LoggedRow, 'ip'>) => log({ ...row, ip: anonymiseIp(req.ip) }, new Date());
  const invalid = (res: express.Response, fields: Record<string, string>) => void res.status(422).json({ error: api.invalid, fields });
  /** The first message per field; a body that is no JSON object at all is named as such. */
  const fieldErrors = (error: z.ZodError) => firstMessages(error, 'body', words.body);
  // sendBeacon with a string sends text/plain; anything else is not one of our callers.
  const jsonOnly: RequestHandler = (req, res, next) => (req.is(['application/json', 'text/plain']) ? next() : sendJsonError(res, 415, api.notJson));
  const tooLarge = refuseAnnouncedTooLarge(BODY_LIMIT, (_req, res) => sendJsonError(res, 413, api.tooLarge));
  const body = [emptyBeacon, jsonOnly, tooLarge, express.json({ limit: BODY_LIMIT, strict: true, type: ['application/json', 'text/plain'] })];

  const router = Router();
  router.use(noStore);
  router.use(apiRateLimit({ windowMs: 60_000, limit: context.config.visitsPerMinute, text: api.tooManyRequests, store: context.kept?.limits.store('visits') }));

  router.post('/ip', ...body, (req, res) => {
    const parsed = bodies.ip.safeParse(req.body);
    if (!parsed.success) return invalid(res, fieldErrors(parsed.error));
    store(req, { kind: 'ip', path: parsed.data.path });
    res.status(204).end();
  });

  router.post('/visit', ...body, (req, res) => {
    const parsed = bodies.visit.safeParse(req.body);
    if (!parsed.success) return invalid(res, fieldErrors(parsed.error));
    const path = pagePath(parsed.data.pageUrl, req, context.site?.url);
    if (path === null) return invalid(res, { pageUrl: words.pageUrl });
    const { screenResolution: screen, timezone, sessionId } = parsed.data;
    store(req, { kind: 'visit', path, screen, timezone, sessionId });
    res.status(204).end();
  });

  router.post('/click', ...body, (req, res) => {
    const parsed = bodies.click.safeParse(req.body);
    if (!parsed.success) return invalid(res, fieldErrors(parsed.error));
    store(req, { kind: 'click', path: parsed.data.path, click: parsed.data.kind });
    res.status(204).end();
  });

  router.use(jsonBodyErrors(api));
  return router;
}
