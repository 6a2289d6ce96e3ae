// The contact messages as the console lists them: newest first, searchable, a page at a time, and
// deleted one by one on request (Art. 17 DSGVO).
import type { Db } from '../store/database.ts';

export const PAGE_SIZE = 25;

export interface MessageRow {
  id: number;
  created_at: string;
  form: 'home' | 'kontakt' | 'html';
  name: string;
  email: string;
  phone: string;
  message: string;
  mail_status: 'pending' | 'sent' | 'failed';
  mail_attempts: number;
  mail_next_attempt_at: string | null;
  mail_last_error: string | null;
  mail_sent_at: string | null;
  /** Where the mail went (migration 5); null for a message sent before the server recorded it. */
  mail_transport: 'smtp' | 'file' | null;
  mail_sent_to: string | null;
}

export interface MessageList {
  rows: MessageRow[];
  /** The id to pass as `before` for the next older page, or null when there is none. */
  older: number | null;
  /** How many messages match the search (all when there is none). */
  total: number;
}

/** `%`, `_` and `\` of a search are meant literally. */
const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function listMessages(db: Db, { query, before }: { query: string; before: number | null }): MessageList {
  const where = query === '' ? '1' : "(name LIKE @q ESCAPE '\\' OR email LIKE @q ESCAPE '\\' OR phone LIKE @q ESCAPE '\\' OR message LIKE @q ESCAPE '\\')";
  const params = { q: likePattern(query), before: before ?? Number.MAX_SAFE_INTEGER, limit: PAGE_SIZE + 1 };
  const rows = db.prepare(`SELECT * FROM contact_messages WHERE ${where} AND id < @before ORDER BY id DESC LIMIT @limit`).all(params) as MessageRow[];
  const total = (db.prepare(`SELECT count(*) AS n FROM contact_messages WHERE ${where}`).get(params) as { n: number }).n;
  const more = rows.length > PAGE_SIZE;
  const shown = rows.slice(0, PAGE_SIZE);
  return { rows: shown, older: more ? shown[shown.length - 1]!.id : null, total };
}

export function findMessage(db: Db, id: number): MessageRow | null {
  return (db.prepare('SELECT * FROM contact_messages WHERE id = ?').get(id) as MessageRow | undefined) ?? null;
}

/** True when the message was there; the database then no longer holds it. */
export function deleteMessage(db: Db, id: number): boolean {
  const deleted = db.prepare('DELETE FROM contact_messages WHERE id = ?').run(id).changes === 1;
  // secure_delete (server/store/database.ts) zeroes the row in the database file; the write-ahead log still
  // holds the page until a checkpoint, so one runs now.
  if (deleted) db.pragma('wal_checkpoint(TRUNCATE)');
  return deleted;
}
