// The privacy policy promises to delete a request at the latest 6 months after the last contact
// (data/legal/datenschutz.md, section 6); the stored copy only serves the mail, so it goes
// CONTACT_RETENTION_DAYS after it arrived. A message whose mail is still pending is kept: it has
// not reached anyone yet. A message marked as spam goes SPAM_RETENTION_DAYS after it arrived,
// whatever its mail (the server keeps refused messages as spam: server/contact/refused.ts).
import cron from 'node-cron';
import { CONTACT_RETENTION_DAYS, SPAM_RETENTION_DAYS } from '../../core/retention.ts';
import type { ApiContext, StopJobs } from '../context.ts';
import type { Db } from '../store/database.ts';

export { CONTACT_RETENTION_DAYS };
const CONTACT_RETENTION_CRON = '41 3 * * *';

const cutoffBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

export function deleteOldMessages(db: Db, now: Date = new Date()): number {
  return db
    .prepare("DELETE FROM contact_messages WHERE (created_at < ? AND mail_status <> 'pending') OR (created_at < ? AND status = 'spam')")
    .run(cutoffBefore(now, CONTACT_RETENTION_DAYS), cutoffBefore(now, SPAM_RETENTION_DAYS)).changes;
}

/** The daily deletion, also once at start (a server that was down at 03:41 does not skip it). */
export function contactRetentionJobs(context: Pick<ApiContext, 'db' | 'log'>): StopJobs {
  const forget = () => {
    try {
      const deleted = deleteOldMessages(context.db);
      if (deleted > 0) context.log(`Contact retention: deleted ${deleted} messages (older than ${CONTACT_RETENTION_DAYS} days, or spam older than ${SPAM_RETENTION_DAYS} days).`);
    } catch (error) {
      context.log(`Contact retention failed: ${(error as Error).message}. The next daily run tries again.`);
    }
  };
  forget();
  const task = cron.schedule(CONTACT_RETENTION_CRON, forget, { name: 'contact-retention', noOverlap: true });
  return () => void task.stop();
}
