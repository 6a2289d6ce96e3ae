// Messages the contact API refused, kept as spam so that the owner can find a real one wrongly
// refused (docs/owner-console.md, "Spam"): a filled honeypot, or a sender over the rate limit.
// They are never mailed (mail_status 'failed' with no attempt, so the outbox never takes them),
// and the retention job deletes them SPAM_RETENTION_DAYS after they arrived
// (server/contact/retention.ts). Only a message the form would have accepted is kept, and at most
// REFUSED_PER_HOUR an hour, so a flood cannot fill the disk; beyond that they are only counted in
// the operator's log.
import { parseContact } from '../../core/forms/contact.ts';
import type { ApiContext } from '../context.ts';

export const REFUSED_PER_HOUR = 100;
const HOUR_MS = 60 * 60_000;

export type RefusalReason = 'honeypot' | 'limit';

/** How many refused messages were not kept, per database, since the last line the log got about them. */
const dropped = new WeakMap<ApiContext['db'], { count: number; since: string }>();

function countDropped(context: Pick<ApiContext, 'db' | 'log'>, now: Date): void {
  const entry = dropped.get(context.db);
  if (entry) {
    entry.count += 1;
    return;
  }
  dropped.set(context.db, { count: 1, since: now.toISOString() });
  context.log(`Contact: more than ${REFUSED_PER_HOUR} refused messages within an hour; further ones are not kept, only counted here.`);
}

/** Says in the log how many refused messages were not kept, once the cap lets one through again. */
function reportDropped(context: Pick<ApiContext, 'db' | 'log'>): void {
  const entry = dropped.get(context.db);
  if (!entry) return;
  dropped.delete(context.db);
  context.log(`Contact: ${entry.count} refused messages since ${entry.since} were not kept (over ${REFUSED_PER_HOUR} an hour).`);
}

/**
 * Keeps a refused message (the fields as the JSON islands send them) as spam with its reason, when
 * it is a message the form would have accepted; never throws. True when it was stored.
 */
export function keepRefused(context: Pick<ApiContext, 'db' | 'log'>, fields: Record<string, unknown>, viaForm: boolean, reason: RefusalReason): boolean {
  const parsed = parseContact({ ...fields, website: '' });
  if (!parsed.ok) return false;
  const now = new Date();
  try {
    const { db } = context;
    const recent = db.prepare('SELECT count(*) AS n FROM contact_messages WHERE spam_reason IS NOT NULL AND created_at > ?').get(new Date(now.getTime() - HOUR_MS).toISOString()) as { n: number };
    if (recent.n >= REFUSED_PER_HOUR) {
      countDropped(context, now);
      return false;
    }
    reportDropped(context);
    const { value } = parsed;
    db.prepare(
      `INSERT INTO contact_messages (created_at, form, name, email, phone, message, mail_status, status, spam_reason)
       VALUES (?, ?, ?, ?, ?, ?, 'failed', 'spam', ?)`,
    ).run(now.toISOString(), viaForm ? 'html' : value.form, value.name, value.email, value.phone, value.message, reason);
    return true;
  } catch (error) {
    context.log(`Contact: cannot keep a refused message as spam (${(error as Error).message}); it is lost.`);
    return false;
  }
}
