// How long the server keeps what it stores, and which tables and columns it stores at all: one
// source for the server's retention jobs and for the build's privacy policy. No Node imports
// here, and nothing from server/: the build imports this file.

/**
 * Contact messages go 6 months after they arrived once their mail went out; the stored copy only
 * serves the mail (the privacy policy promises deletion at the latest 6 months after contact).
 */
export const CONTACT_RETENTION_DAYS = 183;

/**
 * A message marked as spam (by the owner, or kept by the server after the honeypot or the rate limit
 * refused it: server/contact/refused.ts) goes 30 days after it arrived, whatever its mail.
 */
export const SPAM_RETENTION_DAYS = 30;

/** Days a row of the visitor log is kept unless VISIT_RETENTION_DAYS says otherwise. */
export const DEFAULT_VISIT_RETENTION_DAYS = 7;

/**
 * The visit retention the deployment configures: read by the server (its retention job) and by the
 * build (the privacy policy states it), so both say the same number.
 */
export function visitRetentionDays(configured: string | undefined): number {
  const value = configured?.trim() || null;
  const days = Number(value ?? DEFAULT_VISIT_RETENTION_DAYS);
  if (!Number.isInteger(days) || days < 1) throw new Error(`VISIT_RETENTION_DAYS must be a whole number of days (at least 1), but it is "${configured}".`);
  return days;
}

/**
 * Months the server's own page-view totals (per path and day, no personal data) are kept:
 * 13, so that a month can be compared with the same month a year before.
 */
export const PAGE_COUNT_RETENTION_MONTHS = 13;

/** Hours after its login that a session of the owner's console ends, however busy it was (server/owner/sessions.ts). */
export const OWNER_SESSION_HOURS = 12;

/**
 * The database backups (server/store/backup.ts): the newest copy of each of the last 7 calendar days and
 * of each of the last 4 calendar weeks (Monday to Sunday, the current one included) is kept, every
 * other copy deleted. So no copy is older than 4 weeks, which the privacy policy states: a message
 * deleted on request leaves the backups within that time.
 */
export const BACKUP_DAILY_COPIES = 7;
export const BACKUP_WEEKLY_COPIES = 4;

/**
 * Besides the daily and weekly rule, the last 3 copies are always kept, however close together:
 * a copy taken by hand (npm run backup, e.g. before an update) never deletes the only other copy
 * of that day. They too are kept only within the weeks above, so the 4 weeks still hold.
 */
export const BACKUP_LAST_COPIES = 3;

/**
 * Every table the server writes, with its columns in the order the migrations create them.
 * tests/integration/stored-tables.test.ts fails when the database has a table or a column that
 * is not listed here, so the privacy policy cannot miss a stored field.
 */
export const STORED_TABLES = {
  contact_messages: [
    'id',
    'created_at',
    'form',
    'name',
    'email',
    'phone',
    'message',
    'mail_status',
    'mail_attempts',
    'mail_next_attempt_at',
    'mail_last_error',
    'mail_sent_at',
    'mail_transport',
    'mail_sent_to',
    'status',
    'opened_at',
    'note',
    'spam_reason',
  ],
  google_reviews: ['id', 'author_name', 'author_url', 'author_photo_url', 'rating', 'text', 'time_created', 'synced_at'],
  review_syncs: ['id', 'started_at', 'success', 'inserted', 'updated', 'deleted', 'error', 'place_rating', 'place_rating_count'],
  visits: ['id', 'created_at', 'kind', 'path', 'ip', 'session_id', 'screen', 'timezone', 'click'],
  page_counts: ['day', 'path', 'views'],
  click_counts: ['day', 'path', 'kind', 'clicks'],
  owner_account: ['id', 'password_hash', 'set_at'],
  owner_sessions: ['id_hash', 'created_at', 'last_seen_at'],
  backup_runs: ['id', 'started_at', 'finished_at', 'file', 'bytes', 'error'],
  mail_delivery: ['id', 'last_success_at', 'last_success_transport', 'last_failure_at', 'last_failure_kind', 'last_failure_error', 'failing_since'],
  health_checks: ['id', 'checked_at'],
  content_log: ['id', 'at', 'session', 'action', 'outcome', 'detail'],
  source_counts: ['day', 'source', 'views'],
  device_counts: ['day', 'device', 'views'],
  click_hours: ['day', 'hour', 'kind', 'clicks'],
  owner_push_keys: ['id', 'public_key', 'private_key', 'created_at'],
  push_subscriptions: ['id', 'endpoint', 'device_key', 'auth_secret', 'label', 'created_at'],
  push_delivery: ['id', 'last_success_at', 'last_failure_at', 'last_failure_kind', 'last_failure_error'],
} as const;

export type StoredTable = keyof typeof STORED_TABLES;
