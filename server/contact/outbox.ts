// The mail outbox: contact messages are committed first, then sent from here. A send claims
// its row with a lease, so the request's own send, the cron job and `npm run mail:retry` in
// another process never deliver one message twice; a process that dies mid-send leaves the
// row pending, and it is due again when the lease runs out.
import cron from 'node-cron';
import type { ApiContext, StopJobs } from '../context.ts';
import { recordMailFailure, recordMailSuccess } from './delivery.ts';
import { transmitMail, type MailSent, type OutboxRow } from './mail.ts';

export const MAX_ATTEMPTS = 20;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
// Longer than the slowest send the SMTP timeouts allow (10 s connect + 10 s greeting + 30 s socket).
export const LEASE_MS = 2 * 60_000;

/** What the outbox works with; the operator's `npm run mail:retry` makes one of its own. */
export type OutboxContext = Pick<ApiContext, 'db' | 'config' | 'site' | 'log' | 'shutdown'>;

/** Millisecond delay before attempt `attempts + 1`: 1, 2, 4, … minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

const ROW_COLUMNS = 'id, created_at, form, name, email, phone, message, mail_attempts';

/** The first value of mail_next_attempt_at: claimed by the request's own send. */
export function leaseUntil(now: Date): string {
  return new Date(now.getTime() + LEASE_MS).toISOString();
}

/** Takes the row for one send when it is pending and due; false when someone else holds it. */
function claim(context: OutboxContext, id: number, now: Date): boolean {
  const result = context.db
    .prepare(
      `UPDATE contact_messages SET mail_next_attempt_at = ?
       WHERE id = ? AND mail_status = 'pending' AND (mail_next_attempt_at IS NULL OR mail_next_attempt_at <= ?)`,
    )
    .run(leaseUntil(now), id, now.toISOString());
  return result.changes === 1;
}

export type DeliveryResult = 'sent' | 'pending' | 'failed';

/** Records a failed attempt on the row and in the delivery state; the row is due again later, or given up. */
function recordFailure(context: OutboxContext, row: OutboxRow, error: unknown): DeliveryResult {
  const attempts = row.mail_attempts + 1;
  const reason = (error as Error).message || String(error);
  const status = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  const next = status === 'failed' ? null : new Date(Date.now() + backoffMs(attempts)).toISOString();
  context.log(
    `Contact message ${row.id}: mail attempt ${attempts} failed (${reason}); ` +
      (status === 'failed' ? `giving up after ${MAX_ATTEMPTS} attempts.` : `next attempt at ${next}.`),
  );
  try {
    context.db
      .prepare('UPDATE contact_messages SET mail_status = ?, mail_attempts = ?, mail_last_error = ?, mail_next_attempt_at = ? WHERE id = ?')
      .run(status, attempts, reason.slice(0, 1000), next, row.id);
    recordMailFailure(context.db, error, new Date(), context.config.mailAlarmMs, context.log);
  } catch (dbError) {
    context.log(`Contact message ${row.id}: cannot record the failed attempt (${(dbError as Error).message}); it is retried when its lease ends.`);
  }
  return status;
}

/** Sends one claimed row and records the outcome: where the mail went, or why it did not; never throws. */
async function deliver(context: OutboxContext, row: OutboxRow): Promise<DeliveryResult> {
  let sent: MailSent;
  try {
    sent = await transmitMail(context, row);
  } catch (error) {
    // A shutdown closed the mail pool before this mail's turn (server/index.ts): no attempt was
    // made, and the database may be closed; the row stays pending under its lease, sent again after it.
    if (context.shutdown.aborted) return 'pending';
    return recordFailure(context, row, error);
  }
  const now = new Date();
  try {
    context.db
      .prepare(
        "UPDATE contact_messages SET mail_status = 'sent', mail_sent_at = ?, mail_attempts = ?, mail_last_error = NULL, mail_next_attempt_at = NULL, mail_transport = ?, mail_sent_to = ? WHERE id = ?",
      )
      .run(now.toISOString(), row.mail_attempts + 1, sent.transport, sent.to, row.id);
    recordMailSuccess(context.db, sent.transport, now);
    if (sent.transport === 'file' && context.config.production) {
      context.log(`Contact message ${row.id}: SMTP_URL is unset, so its mail was only written into MAIL_DIR (${context.config.mailDir}); nobody was told. Set SMTP_URL.`);
    }
  } catch (dbError) {
    context.log(`Contact message ${row.id}: mail sent, but cannot mark it sent (${(dbError as Error).message}); it may be sent again.`);
  }
  return 'sent';
}

// Sends started by requests, per database: a shutdown waits for them before it closes the
// database, or a mail that went out could not be marked sent and would go out twice.
const running = new WeakMap<OutboxContext['db'], Set<Promise<unknown>>>();

function trackDelivery(context: OutboxContext, work: Promise<unknown>): Promise<void> {
  let set = running.get(context.db);
  if (!set) running.set(context.db, (set = new Set()));
  const settled: Promise<void> = work
    .then(() => undefined, (error: unknown) => context.log(`Contact mail: a send failed unexpectedly (${(error as Error).message}); it is retried.`))
    .finally(() => set.delete(settled));
  set.add(settled);
  return settled;
}

// The sends of this process in flight, by message: "send again" joins one instead of starting a
// second (a double click, or a click while the retry job sends the same message).
const sending = new WeakMap<OutboxContext['db'], Map<number, Promise<unknown>>>();

function inFlight(context: OutboxContext, id: number, work: Promise<unknown>): Promise<unknown> {
  let byId = sending.get(context.db);
  if (!byId) sending.set(context.db, (byId = new Map()));
  const entry = work.finally(() => {
    if (byId.get(id) === entry) byId.delete(id);
  });
  byId.set(id, entry);
  return entry;
}

/** Sends the message's mail after this tick; the promise settles when the attempt is recorded. */
export function sendInBackground(context: OutboxContext, id: number): Promise<void> {
  const work = trackDelivery(
    context,
    new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      let row: OutboxRow | undefined;
      try {
        row = context.db.prepare(`SELECT ${ROW_COLUMNS} FROM contact_messages WHERE id = ?`).get(id) as OutboxRow | undefined;
      } catch (error) {
        context.log(`Contact message ${id}: cannot read it for sending (${(error as Error).message}); it is retried when its lease ends.`);
      }
      if (row !== undefined) await deliver(context, row);
    }),
  );
  void inFlight(context, id, work);
  return work;
}

/**
 * The owner's "send again" (server/owner/console.tsx): the message's mail goes out now, whatever
 * its state, and the promise settles when the attempt is recorded; a message given up or sent gets
 * its full number of attempts again. While this process is sending it already, that send is the
 * answer: a double click does not mail it twice. (A send by the `npm run mail:retry` process at
 * that very moment still could.)
 */
export async function sendAgain(context: OutboxContext, id: number): Promise<boolean> {
  const current = sending.get(context.db)?.get(id);
  if (current !== undefined) {
    await current;
    return true;
  }
  const changed = context.db
    .prepare(
      `UPDATE contact_messages SET mail_attempts = CASE WHEN mail_status = 'pending' THEN mail_attempts ELSE 0 END,
       mail_status = 'pending', mail_next_attempt_at = ? WHERE id = ?`,
    )
    .run(leaseUntil(new Date()), id).changes;
  if (changed === 1) await sendInBackground(context, id);
  return changed === 1;
}

/** Waits for the sends in flight (at most `timeoutMs`); what is still open then stays pending. */
export async function settleDeliveries(context: OutboxContext, timeoutMs: number): Promise<void> {
  const open = [...(running.get(context.db) ?? [])];
  if (open.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([Promise.allSettled(open), timeout]);
  clearTimeout(timer);
}

export interface RetrySummary {
  /** Sent in this run. */
  sent: number;
  /** Pending in the database after the run (including ones not yet due). */
  pending: number;
  /** Given up (after MAX_ATTEMPTS) in the database. */
  failed: number;
}

/** Sends every pending message that is due at `now`, one after the other. */
export async function retryPending(context: OutboxContext, options: { now?: Date } = {}): Promise<RetrySummary> {
  const now = options.now ?? new Date();
  const due = context.db
    .prepare(
      `SELECT ${ROW_COLUMNS} FROM contact_messages
       WHERE mail_status = 'pending' AND (mail_next_attempt_at IS NULL OR mail_next_attempt_at <= ?) ORDER BY id`,
    )
    .all(now.toISOString()) as OutboxRow[];
  let sent = 0;
  for (const row of due) {
    if (context.shutdown.aborted) break;
    if (!claim(context, row.id, now)) continue;
    const delivery = deliver(context, row);
    void inFlight(context, row.id, delivery);
    if ((await delivery) === 'sent') sent += 1;
  }
  // A message the honeypot or the limit refused was never meant to be mailed (server/contact/refused.ts): not a failure.
  const count = (status: string) =>
    (context.db.prepare('SELECT count(*) AS n FROM contact_messages WHERE mail_status = ? AND spam_reason IS NULL').get(status) as { n: number }).n;
  return { sent, pending: count('pending'), failed: count('failed') };
}

/** The retry of pending mails on MAIL_RETRY_CRON. */
export function mailRetryJobs(context: OutboxContext): StopJobs {
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
  return () => void task.stop();
}
