// A contact message as the console reads it, and its deletion on request (Art. 17 DSGVO); the
// list with its filters is server/owner/inbox-store.ts.
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
  /** The owner's inbox (migration 7, server/owner/inbox-store.ts). */
  status: 'new' | 'working' | 'done' | 'spam';
  opened_at: string | null;
  note: string;
  /** Why the server refused the message and kept it as spam (server/contact/refused.ts); null for any other. */
  spam_reason: 'honeypot' | 'limit' | null;
}

/**
 * Counts of enquiries leave out spam: what the honeypot and the limits refused (server/contact/refused.ts)
 * and what the owner marked so. An SQL condition on contact_messages.
 */
export const NOT_SPAM = "status <> 'spam'";

/** A message the server refused and kept without a mail attempt (until the owner sends it again). */
export const neverMailed = (row: Pick<MessageRow, 'spam_reason' | 'mail_status' | 'mail_attempts'>): boolean => row.spam_reason !== null && row.mail_status === 'failed' && row.mail_attempts === 0;

/** A message's id in a console address (`/intern/nachrichten/ID`, `?vor=ID`). */
export const MESSAGE_ID = /^\d{1,15}$/;

/** The message an address names (`req.params.id`), or null when the id is malformed or gone. */
export function messageNamed(db: Db, id: unknown): MessageRow | null {
  return typeof id === 'string' && MESSAGE_ID.test(id) ? findMessage(db, Number(id)) : null;
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
