// What the owner's console changed of the site, when and from which login (docs/owner-console.md,
// "The log of changes"): each save, preview, publish, undo and discard, done, refused or failed, with what
// changed in the owner's words. The System page lists the latest; nothing about visitors.
import type { Db } from '../store/database.ts';

export type ContentAction = 'save' | 'preview' | 'publish' | 'undo' | 'discard';
export type ContentOutcome = 'done' | 'refused' | 'failed';

export interface ContentLogEntry {
  at: string;
  /** The start of the login's stored hash (server/owner/sessions.ts, sessionHint). */
  session: string;
  action: ContentAction;
  outcome: ContentOutcome;
  detail: string;
  /** When that login began, while it is still stored. */
  loggedInAt: string | null;
}

/** The detail is the owner's change list: a few lines; longer ones are cut. */
const DETAIL_LENGTH = 2_000;

export function recordContentChange(db: Db, entry: { session: string; action: ContentAction; outcome: ContentOutcome; detail: string }, now: Date = new Date()): void {
  db.prepare('INSERT INTO content_log (at, session, action, outcome, detail) VALUES (?, ?, ?, ?, ?)').run(now.toISOString(), entry.session, entry.action, entry.outcome, entry.detail.slice(0, DETAIL_LENGTH));
}

export function recentContentChanges(db: Db, limit = 20): ContentLogEntry[] {
  return db
    .prepare(
      `SELECT at, session, action, outcome, detail,
              (SELECT created_at FROM owner_sessions WHERE session <> '' AND substr(id_hash, 1, length(session)) = session) AS loggedInAt
       FROM content_log ORDER BY id DESC LIMIT ?`,
    )
    .all(limit) as ContentLogEntry[];
}
