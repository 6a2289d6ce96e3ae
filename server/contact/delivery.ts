// The state of mail delivery as a whole (table mail_delivery, one row): the last mail that went
// out and how, the last failure and why, and since when every attempt has failed. The outbox
// (server/contact/outbox.ts) records each attempt here; the console shows it on its System page and,
// once mail has failed for a while (MAIL_ALARM_MS), at the top of every page until a mail goes out.
import type { Db } from '../store/database.ts';
import type { Log } from '../context.ts';

/** Why a send failed, as far as the console explains it (data/console.yaml, system.mailFailures). */
export type MailFailureKind = 'auth' | 'connection' | 'timeout' | 'rejected' | 'other';

export interface MailDeliveryState {
  lastSuccess: { at: string; transport: 'smtp' | 'file' } | null;
  lastFailure: { at: string; kind: MailFailureKind; error: string } | null;
  /** The first failure after the last success; null while the last attempt succeeded. */
  failingSince: string | null;
}

/** nodemailer's error codes (and Node's for a refused connection), sorted into what the owner can act on. */
export function failureKind(error: unknown): MailFailureKind {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'auth';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS' || code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETLS') return 'connection';
  if (code === 'EENVELOPE' || code === 'EMESSAGE' || code === 'EPROTOCOL') return 'rejected';
  return 'other';
}

const ensureRow = (db: Db) => db.prepare('INSERT INTO mail_delivery (id) VALUES (1) ON CONFLICT (id) DO NOTHING').run();

export function recordMailSuccess(db: Db, transport: 'smtp' | 'file', at: Date): void {
  ensureRow(db);
  db.prepare('UPDATE mail_delivery SET last_success_at = ?, last_success_transport = ?, failing_since = NULL WHERE id = 1').run(at.toISOString(), transport);
}

/**
 * Records a failed attempt; when it is the one that makes mail fail for `alarmMs`, the operator's
 * log says that the console now warns the owner.
 */
export function recordMailFailure(db: Db, error: unknown, at: Date, alarmMs: number, log: Log): void {
  ensureRow(db);
  const before = mailDeliveryState(db);
  const reason = ((error as Error)?.message || String(error)).slice(0, 1000);
  db.prepare('UPDATE mail_delivery SET last_failure_at = ?, last_failure_kind = ?, last_failure_error = ?, failing_since = coalesce(failing_since, ?) WHERE id = 1').run(
    at.toISOString(),
    failureKind(error),
    reason,
    at.toISOString(),
  );
  const since = before.failingSince === null ? at.getTime() : Date.parse(before.failingSince);
  const previous = before.lastFailure === null ? -Infinity : Date.parse(before.lastFailure.at);
  if (at.getTime() - since >= alarmMs && previous - since < alarmMs) {
    log(`Mail delivery has failed since ${new Date(since).toISOString()} (last: ${reason}); the owner's console now shows a warning on every page until a mail goes out.`);
  }
}

export function mailDeliveryState(db: Db): MailDeliveryState {
  const row = db.prepare('SELECT * FROM mail_delivery WHERE id = 1').get() as
    | { last_success_at: string | null; last_success_transport: 'smtp' | 'file' | null; last_failure_at: string | null; last_failure_kind: MailFailureKind | null; last_failure_error: string | null; failing_since: string | null }
    | undefined;
  if (row === undefined) return { lastSuccess: null, lastFailure: null, failingSince: null };
  return {
    lastSuccess: row.last_success_at && row.last_success_transport ? { at: row.last_success_at, transport: row.last_success_transport } : null,
    lastFailure: row.last_failure_at ? { at: row.last_failure_at, kind: row.last_failure_kind ?? 'other', error: row.last_failure_error ?? '' } : null,
    failingSince: row.failing_since,
  };
}

/** The state when mail has failed for at least `alarmMs` without a success since; null otherwise. */
export function mailAlarm(db: Db, now: number, alarmMs: number): MailDeliveryState | null {
  const state = mailDeliveryState(db);
  return state.failingSince !== null && now - Date.parse(state.failingSince) >= alarmMs ? state : null;
}
