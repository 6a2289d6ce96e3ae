// After `npm run restore` (scripts/restore.ts): the restored copy is older than the database it
// replaced, so messages whose mail went out after the copy was taken are still pending (or failed)
// in it, and the server would mail them again. This marks them as sent, with the time and the way
// the replaced database recorded, when it holds the same message (same id and arrival time) as sent.
import type { Db } from './database.ts';

interface SentRow {
  id: number;
  created_at: string;
  mail_sent_at: string | null;
  mail_transport: string | null;
  mail_sent_to: string | null;
}

/** The sent messages of `replaced`, a database that may be older than the migrations that added a column. */
function sentRows(replaced: Db): SentRow[] {
  const columns = new Set((replaced.pragma('table_info(contact_messages)') as { name: string }[]).map((column) => column.name));
  const column = (name: string) => (columns.has(name) ? name : `NULL AS ${name}`);
  return replaced
    .prepare(`SELECT id, created_at, ${column('mail_sent_at')}, ${column('mail_transport')}, ${column('mail_sent_to')} FROM contact_messages WHERE mail_status = 'sent'`)
    .all() as SentRow[];
}

export interface MailMarking {
  /** Messages marked as sent in the restored copy. */
  marked: number;
  /** Pending messages of the restored copy that the replaced database no longer holds (deleted since, maybe on request). */
  absent: number;
}

/** Marks them in `restored`; also counts the pending messages the replaced database no longer has. */
export function markMailsSentBefore(restored: Db, replaced: Db): MailMarking {
  const rows = sentRows(replaced);
  const mark = restored.prepare(
    `UPDATE contact_messages SET mail_status = 'sent', mail_sent_at = ?, mail_transport = ?, mail_sent_to = ?, mail_last_error = NULL, mail_next_attempt_at = NULL
     WHERE id = ? AND created_at = ? AND mail_status IN ('pending', 'failed')`,
  );
  const marked = restored.transaction(() => rows.reduce((sum, row) => sum + mark.run(row.mail_sent_at, row.mail_transport, row.mail_sent_to, row.id, row.created_at).changes, 0))();
  const key = (row: { id: number; created_at: string }) => `${row.id} ${row.created_at}`;
  const known = new Set((replaced.prepare('SELECT id, created_at FROM contact_messages').all() as { id: number; created_at: string }[]).map(key));
  const pending = restored.prepare("SELECT id, created_at FROM contact_messages WHERE mail_status = 'pending'").all() as { id: number; created_at: string }[];
  return { marked, absent: pending.filter((row) => !known.has(key(row))).length };
}
