// The server's settings, every one from the environment with the defaults listed in
// docs/architecture.md, 'Configuration': where it listens and what it reads (ServerConfig), and the
// settings of the dynamic parts, mail, reviews, visitor logging, backups (FeatureConfig). The
// operator's scripts read the same settings from here; tests override the features through
// ServerOptions.features (server/index.ts).
import { visitRetentionDays } from '../core/retention.ts';
import { LOGIN_CHECKS_PER_HOUR, LOGIN_CHECKS_PER_MINUTE } from './owner/login-throttle.ts';

export interface FeatureConfig {
  /** Outgoing mail; null writes .eml files into mailDir instead. */
  smtpUrl: string | null;
  mailDir: string;
  /** Defaults to the e-mail address of data/site.yaml. */
  mailTo: string | null;
  mailFrom: string | null;
  googlePlacesApiKey: string | null;
  googlePlaceId: string | null;
  googlePlacesBaseUrl: string;
  reviewsSyncCron: string;
  /** Cron schedule of the mail retry job. */
  mailRetryCron: string;
  /** Days a visit row is kept; rows older are deleted by a daily job. */
  visitRetentionDays: number;
  /** Log requests a minute one address may send (a visitor sends a few a page). */
  visitsPerMinute: number;
  /** Contact messages one address may send in ten minutes. */
  contactPerTenMinutes: number;
  /** Contact messages the site stores from everyone together within `contactCapWindowMs`; the next ones are refused (server/contact/cap.ts). */
  contactPerHour: number;
  /** The cap's sliding window: an hour; tests shorten it. */
  contactCapWindowMs: number;
  /** Mails a second the pooled SMTP transport sends at most (server/contact/mail.ts). */
  mailsPerSecond: number;
  /** Run the node-cron jobs (off in most tests). */
  jobs: boolean;
  /** How often the page views counted in memory are written to SQLite (server/visits/counts.ts). */
  pageCountFlushMs: number;
  /** Open review change streams at most, in total and from one address (server/reviews/events.ts). */
  eventStreamsTotal: number;
  eventStreamsPerAddress: number;
  /** How often an open review change stream looks for syncs of other processes (server/reviews/events.ts). */
  reviewsChangePollMs: number;
  /** Where database backups are written (server/store/backup.ts) and when the server takes one. */
  backupDir: string;
  backupCron: string;
  /** Mail failing this long without a success puts a warning on every page of the owner's console (server/contact/delivery.ts). */
  mailAlarmMs: number;
  /** NODE_ENV=production: the go-live check's items about running the site are problems, not information (server/owner/go-live.ts). */
  production: boolean;
  /** How long after it arrived every failed login of the owner's console is answered (server/owner/login-throttle.ts). */
  loginFailureMs: number;
  /** The overall budget of the owner's password checks without a device cookie (server/owner/login-throttle.ts); tests that log in often raise it. */
  loginChecksPerMinute: number;
  loginChecksPerHour: number;
  /** The data folder the owner's console edits (server/content/): DATA_DIR, or data. */
  dataDir: string;
  /** The daily summary mail to the owner, "HH:MM" in Essen's time (OWNER_SUMMARY_TIME); null: none (server/push/summary.ts). */
  summaryTime: string | null;
  /** An extra certificate authority (PEM) trusted for push services: tests' local push service only; null in operation. */
  pushCa: string | null;
  /** SITE_URL: the site's address the builds the console starts use (a preview, a publish, the Start page's check; server/content/site-build.ts); null: data/site.yaml's url. */
  siteUrl: string | null;
  /** The served site's link (`dist`, beside `releases/`): where the console publishes (server/content/site-build.ts). startServer sets it to the folder it serves. */
  distDir: string;
}

/** Where the server listens and what it reads, with the settings of its features. */
export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  /** The built site. */
  distDir: string;
  features: FeatureConfig;
}

export const VISITS_PER_MINUTE = 120;
export const CONTACT_PER_TEN_MINUTES = 5;
/**
 * The overall cap on stored contact messages: a locksmith's form brings a few messages a day, a
 * busy hour a handful, so 60 within a sliding hour is far above any real hour and still a number
 * of mails no mail provider throttles (a flood of 7,366 in 15 s was stored and mailed before it).
 * At MAILS_PER_SECOND the 60 are mailed within a minute, well inside the outbox's lease
 * (server/contact/outbox.ts, LEASE_MS), so a queued mail is never sent twice by the retry job.
 */
export const CONTACT_PER_HOUR = 60;
export const CONTACT_CAP_WINDOW_MS = 60 * 60_000;
/** One mail a second over one pooled SMTP connection: steady for any provider, and the cap's 60 go out within a minute. */
export const MAILS_PER_SECOND = 1;
/** A crash loses at most this much of the server's page counts; a write a minute costs nothing. */
export const PAGE_COUNT_FLUSH_MS = 60_000;

/**
 * Measured with `npm run bench -- streams` on the 2-core dev machine: an open stream costs the
 * server about 23 KB (1,000 streams: 198 → 220 MB resident), and GET / kept 0.90× its rate (21,500
 * vs 24,000 req/s, p99 lower) while all 1,000 were open. A visitor opens one per tab of
 * /bewertungen; eight per address leave room for a household or an office behind one address.
 */
export const EVENT_STREAMS_TOTAL = 1_000;
export const EVENT_STREAMS_PER_ADDRESS = 8;

/** `npm run reviews:sync` runs in another process; an open change stream notices its rows this late at most. */
export const REVIEWS_CHANGE_POLL_MS = 10_000;

/** Fifteen minutes: a few retries (1, 2, 4, 8 minutes apart) have failed, and a request at night is waiting. */
export const MAIL_ALARM_MS = 15 * 60_000;

/**
 * A failed login is answered this long after it arrived, whatever the reason: long enough to hide
 * how long the password check took (scrypt, about 0.3 s here) and to slow guessing from one
 * connection; short enough that the owner who mistyped barely waits.
 */
export const LOGIN_FAILURE_MS = 1_000;

/** A set value, trimmed; null when the variable is unset or blank. */
function valueOf(env: NodeJS.ProcessEnv, name: string): string | null {
  return env[name]?.trim() || null;
}

/** A whole number of at least 1 from the environment, or the default. */
function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = valueOf(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number of at least 1, but it is "${raw}". Unset it to use ${fallback}.`);
  return Number(raw);
}

/** "07:30" as given, or null when unset or "off"; anything else is refused with what to write. */
function summaryTime(raw: string | null): string | null {
  if (raw === null || raw === 'off') return null;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(raw)) throw new Error(`OWNER_SUMMARY_TIME must be a time such as 07:30 (Essen's time), or off, but it is "${raw}".`);
  return raw;
}

/** The SQLite file of the server and of the operator's commands: DATABASE_PATH, or var/site.db. */
export function databasePathFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return valueOf(env, 'DATABASE_PATH') ?? 'var/site.db';
}

/** The built site the server serves and the scripts read: DIST_DIR, or dist. */
export function distDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return valueOf(env, 'DIST_DIR') ?? 'dist';
}

export function featuresFromEnv(env: NodeJS.ProcessEnv = process.env): FeatureConfig {
  const value = (name: string) => valueOf(env, name);
  return {
    smtpUrl: value('SMTP_URL'),
    mailDir: value('MAIL_DIR') ?? 'var/mail',
    mailTo: value('MAIL_TO'),
    mailFrom: value('MAIL_FROM'),
    googlePlacesApiKey: value('GOOGLE_PLACES_API_KEY'),
    googlePlaceId: value('GOOGLE_PLACE_ID'),
    googlePlacesBaseUrl: value('GOOGLE_PLACES_BASE_URL') ?? 'https://places.googleapis.com',
    reviewsSyncCron: value('REVIEWS_SYNC_CRON') ?? '0 4 * * *',
    mailRetryCron: value('MAIL_RETRY_CRON') ?? '*/5 * * * *',
    visitRetentionDays: visitRetentionDays(env.VISIT_RETENTION_DAYS),
    visitsPerMinute: VISITS_PER_MINUTE,
    contactPerTenMinutes: CONTACT_PER_TEN_MINUTES,
    contactPerHour: count(env, 'CONTACT_PER_HOUR', CONTACT_PER_HOUR),
    contactCapWindowMs: CONTACT_CAP_WINDOW_MS,
    mailsPerSecond: MAILS_PER_SECOND,
    jobs: value('JOBS') !== 'off',
    pageCountFlushMs: PAGE_COUNT_FLUSH_MS,
    eventStreamsTotal: count(env, 'EVENT_STREAMS_MAX', EVENT_STREAMS_TOTAL),
    eventStreamsPerAddress: count(env, 'EVENT_STREAMS_PER_ADDRESS', EVENT_STREAMS_PER_ADDRESS),
    reviewsChangePollMs: REVIEWS_CHANGE_POLL_MS,
    backupDir: value('BACKUP_DIR') ?? 'var/backups',
    backupCron: value('BACKUP_CRON') ?? '17 2 * * *',
    loginFailureMs: LOGIN_FAILURE_MS,
    loginChecksPerMinute: LOGIN_CHECKS_PER_MINUTE,
    loginChecksPerHour: LOGIN_CHECKS_PER_HOUR,
    mailAlarmMs: MAIL_ALARM_MS,
    production: env.NODE_ENV === 'production',
    dataDir: value('DATA_DIR') ?? 'data',
    summaryTime: summaryTime(value('OWNER_SUMMARY_TIME')),
    pushCa: null,
    siteUrl: value('SITE_URL'),
    distDir: distDirFromEnv(env),
  };
}

/** Every setting of `npm run serve` (PORT, HOST, DATABASE_PATH, DIST_DIR and the features'). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rawPort = valueOf(env, 'PORT') ?? '3000';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, but it is "${rawPort}". Unset it to use 3000.`);
  }
  return {
    port,
    host: valueOf(env, 'HOST') ?? '127.0.0.1',
    databasePath: databasePathFromEnv(env),
    distDir: distDirFromEnv(env),
    features: featuresFromEnv(env),
  };
}
