// The privacy policy promises to delete a request at the latest 6 months after the last contact
// (data/legal/datenschutz.md, section 6); the stored copy only serves the mail, so it goes
// CONTACT_RETENTION_DAYS after it arrived. A message whose mail is still pending is kept: it has
// not reached anyone yet.
import cron from 'node-cron';
import { CONTACT_RETENTION_DAYS } from '../../core/retention.ts';
import type { ApiContext, StopJobs } from '../context.ts';
import type { Db } from '../store/database.ts';

export { CONTACT_RETENTION_DAYS };
const CONTACT_RETENTION_CRON = '41 3 * * *';

export function deleteOldMessages(db: Db, now: Date = new Date()): number {
  const cutoff = new Date(now.getTime() - CONTACT_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return db.prepare("DELETE FROM contact_messages WHERE created_at < ? AND mail_status <> 'pending'").run(cutoff).changes;
}

/** The daily deletion, also once at start (a server that was down at 03:41 does not skip it). */
export function contactRetentionJobs(context: Pick<ApiContext, 'db' | 'log'>): StopJobs {
  const forget = () => {
    try {
      const deleted = deleteOldMessages(context.db);
      if (deleted > 0) context.log(`Contact retention: deleted ${deleted} messages older than ${CONTACT_RETENTION_DAYS} days.`);
    } catch (error) {
      context.log(`Contact retention failed: ${(error as Error).message}. The next daily run tries again.`);
    }
  };
  forget();
  const task = cron.schedule(CONTACT_RETENTION_CRON, forget, { name: 'contact-retention', noOverlap: true });
  return () => void task.stop();
}
