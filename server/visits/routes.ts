// Visitor logging (docs/api.md, 'Visitor log'): page views by path, visits, call and WhatsApp
// clicks, all sent by the browser only after 'Alle akzeptieren' (client/visits.ts); the page
// views of everyone are counted by the server itself (counts.ts). Every row carries only the
// truncated address; a daily job forgets rows past retention, while each click is also counted
// into the daily totals of click_counts, which counts.ts keeps as long as the page counts.
import express, { Router, type Request, type RequestHandler } from 'express';
import { jsonBodyErrors, refuseAnnouncedTooLarge, type BodyProblem } from '../http/body.ts';
import { apiRateLimit } from '../http/limit.ts';
import cron from 'node-cron';
import { z } from 'zod';
import { firstMessages } from '../../core/forms/field-errors.ts';
import { berlinDay } from '../../core/berlin-day.ts';
import { anonymiseIp } from './address.ts';
import type { ApiContext, StopJobs } from '../context.ts';
import type { Db } from '../store/database.ts';

/** Beacons fire on every navigation and tab switch; this only stops floods. */
export { VISITS_PER_MINUTE } from '../config.ts';
const BODY_LIMIT = 4 * 1024;
const RETENTION_CRON = '23 3 * * *';
const DAY_MS = 24 * 60 * 60 * 1000;
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

const pathField = z
  .string({ error: 'Der Pfad fehlt.' })
  .transform((value, ctx) => {
    const path = sitePath(value);
    if (path === null) ctx.addIssue({ code: 'custom', message: 'Der Pfad muss mit / beginnen, höchstens 300 Zeichen lang sein und darf keine Steuerzeichen enthalten.' });
    return path ?? '';
  });

const ipBody = z.object({ path: pathField });
const clickBody = z.object({
  path: pathField,
  kind: z.enum(['call', 'whatsapp'], { error: "Die Art des Klicks muss 'call' oder 'whatsapp' sein." }),
});
const visitBody = z.object({
  pageUrl: z.string({ error: 'Die Seitenadresse fehlt.' }).max(2048, 'Die Seitenadresse ist zu lang.'),
  screenResolution: z.string({ error: 'Die Bildschirmgröße fehlt.' }).regex(/^\d{1,5}x\d{1,5}$/, 'Die Bildschirmgröße muss wie 390x844 aussehen.'),
  timezone: z
    .string({ error: 'Die Zeitzone fehlt.' })
    .max(64, 'Die Zeitzone ist zu lang.')
    .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, 'Die Zeitzone muss ein Name wie Europe/Berlin sein.'),
  sessionId: z.uuid({ error: 'Die Sitzungskennung muss eine UUID sein.' }),
});

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

function invalid(res: express.Response, fields: Record<string, string>): void {
  res.status(422).json({ error: 'Die Angaben sind ungültig.', fields });
}

/** The first message per field; a body that is no JSON object at all is named as such. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  return firstMessages(error, 'body', 'Erwartet wird ein JSON-Objekt.');
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

// sendBeacon with a string sends text/plain; anything else is not one of our callers.
const jsonOnly: RequestHandler = (req, res, next) => {
  if (req.is(['application/json', 'text/plain'])) return next();
  res.status(415).json({ error: 'Bitte senden Sie die Angaben als JSON (Content-Type: application/json).' });
};

const BODY_ERRORS: Record<BodyProblem, string> = {
  json: 'Die Anfrage enthält kein gültiges JSON.',
  'too-large': 'Die Anfrage ist zu groß.',
  encoding: 'Bitte senden Sie die Angaben als UTF-8-JSON ohne Komprimierung.',
  other: 'Die Anfrage konnte nicht verarbeitet werden.',
};

/** One row of the visitor log as a route hands it over; the address is already shortened. */
export interface LoggedRow {
  kind: 'ip' | 'visit' | 'click';
  path: string;
  ip: string;
  sessionId?: string;
  screen?: string;
  timezone?: string;
  click?: 'call' | 'whatsapp';
}

/**
 * The writer of the visitor log. A click also adds one to the total of its Berlin day, path and
 * kind in click_counts, in the same transaction: the totals carry no address and are kept as long
 * as the page counts (13 months), after the row itself is gone (server/visits/statistics.ts reads them).
 */
export function visitLog(db: Db): (row: LoggedRow, at: Date) => void {
  const insert = db.prepare(
    `INSERT INTO visits (created_at, kind, path, ip, session_id, screen, timezone, click)
     VALUES (@createdAt, @kind, @path, @ip, @sessionId, @screen, @timezone, @click)`,
  );
  const countClick = db.prepare(
    `INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, ?, ?, 1)
     ON CONFLICT (day, path, kind) DO UPDATE SET clicks = clicks + 1`,
  );
  const write = db.transaction((row: LoggedRow, at: Date) => {
    insert.run({ sessionId: null, screen: null, timezone: null, click: null, ...row, createdAt: at.toISOString() });
    if (row.kind === 'click' && row.click) countClick.run(berlinDay(at.getTime()), row.path, row.click);
  });
  return (row, at) => void write(row, at);
}

export function visitsApi(context: ApiContext): Router {
  const log = visitLog(context.db);
  const store = (req: Request, row: Omit<LoggedRow, 'ip'>) => log({ ...row, ip: anonymiseIp(req.ip) }, new Date());

  const router = Router();
  router.use(noStore);
  router.use(
    apiRateLimit({
      windowMs: 60_000,
      limit: context.config.visitsPerMinute,
      answer: (_req, res) => void res.status(429).json({ error: 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.' }),
    }),
  );
  const tooLarge = refuseAnnouncedTooLarge(BODY_LIMIT, (_req, res) => void res.status(413).json({ error: BODY_ERRORS['too-large'] }));
  const body = [emptyBeacon, jsonOnly, tooLarge, express.json({ limit: BODY_LIMIT, strict: true, type: ['application/json', 'text/plain'] })];

  router.post('/ip', ...body, (req, res) => {
    const parsed = ipBody.safeParse(req.body);
    if (!parsed.success) return invalid(res, fieldErrors(parsed.error));
    store(req, { kind: 'ip', path: parsed.data.path });
    res.status(204).end();
  });

  router.post('/visit', ...body, (req, res) => {
    const parsed = visitBody.safeParse(req.body);
    if (!parsed.success) return invalid(res, fieldErrors(parsed.error));
    const path = pagePath(parsed.data.pageUrl, req, context.site?.url);
    if (path === null) return invalid(res, { pageUrl: 'Die Seitenadresse muss ein Pfad oder eine Adresse dieser Website sein.' });
    const { screenResolution: screen, timezone, sessionId } = parsed.data;
    store(req, { kind: 'visit', path, screen, timezone, sessionId });
    res.status(204).end();
  });

  router.post('/click', ...body, (req, res) => {
    const parsed = clickBody.safeParse(req.body);
    if (!parsed.success) return invalid(res, fieldErrors(parsed.error));
    store(req, { kind: 'click', path: parsed.data.path, click: parsed.data.kind });
    res.status(204).end();
  });

  router.use(jsonBodyErrors(BODY_ERRORS));
  return router;
}

/** Deletes visit rows older than the retention; returns how many went. */
export function deleteOldVisits(db: Db, retentionDays: number, now: Date = new Date()): number {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return db.prepare('DELETE FROM visits WHERE created_at < ?').run(cutoff).changes;
}

export function visitsJobs(context: ApiContext): StopJobs {
  const days = context.config.visitRetentionDays;
  const run = () => {
    try {
      const deleted = deleteOldVisits(context.db, days);
      if (deleted > 0) context.log(`Visit retention: deleted ${deleted} rows older than ${days} days.`);
    } catch (error) {
      context.log(`Visit retention failed: ${(error as Error).message}. The next daily run (${RETENTION_CRON}) tries again.`);
    }
  };
  // Also once at start, so rows past retention do not outlive a server that was down at 03:23.
  run();
  const task = cron.schedule(RETENTION_CRON, run, { name: 'visit-retention', noOverlap: true });
  return () => void task.stop();
}
