// Sessions of the owner's console: a random id of 256 bits in an HttpOnly, SameSite=Strict cookie
// (Secure when the site is served over https), stored server-side only as its SHA-256, so a copy
// of the database (a backup) holds no usable session. A session ends at logout, OWNER_SESSION_HOURS
// after its login whatever the activity (a stolen cookie is worth half a day at most), or when a
// new password is set.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { OWNER_SESSION_HOURS } from '../../core/retention.ts';
import type { Db } from '../store/database.ts';
import { cookieValue } from './device-cookie.ts';

export const SESSION_COOKIE = 'owner_session';
export const SESSION_MS = OWNER_SESSION_HOURS * 60 * 60 * 1000;
/** A session's last use is written at most this often: a page view is not a database write. */
const TOUCH_EVERY_MS = 60_000;
const ID_BYTES = 32;
const ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const digest = (id: string) => createHash('sha256').update(id).digest('hex');

export type SessionState = { state: 'active'; id: string } | { state: 'expired' } | { state: 'none' };

/** A short, non-secret name of a session (the start of its stored hash): which login did something, for the console's log. */
export const sessionHint = (id: string | null): string => (id === null ? '' : digest(id).slice(0, 8));

/** A new session; its id goes into the cookie and nowhere else. */
export function startSession(db: Db, now: Date = new Date()): string {
  const id = randomBytes(ID_BYTES).toString('base64url');
  db.prepare('INSERT INTO owner_sessions (id_hash, created_at, last_seen_at) VALUES (?, ?, ?)').run(digest(id), now.toISOString(), now.toISOString());
  return id;
}

/** The session a request's cookie names: active (and its last use noted), expired, or none. */
export function sessionOf(db: Db, id: string | null, now: Date = new Date()): SessionState {
  if (id === null || !ID_SHAPE.test(id)) return { state: 'none' };
  const hash = digest(id);
  const row = db.prepare('SELECT created_at, last_seen_at FROM owner_sessions WHERE id_hash = ?').get(hash) as { created_at: string; last_seen_at: string } | undefined;
  if (row === undefined) return { state: 'none' };
  const idle = now.getTime() - Date.parse(row.last_seen_at);
  if (now.getTime() - Date.parse(row.created_at) >= SESSION_MS) {
    db.prepare('DELETE FROM owner_sessions WHERE id_hash = ?').run(hash);
    return { state: 'expired' };
  }
  if (idle >= TOUCH_EVERY_MS) db.prepare('UPDATE owner_sessions SET last_seen_at = ? WHERE id_hash = ?').run(now.toISOString(), hash);
  return { state: 'active', id };
}

export function endSession(db: Db, id: string | null): void {
  if (id !== null) db.prepare('DELETE FROM owner_sessions WHERE id_hash = ?').run(digest(id));
}

/** Forgets sessions past their end (at each login; an expired one is also refused on use). */
export function deleteEndedSessions(db: Db, now: Date = new Date()): number {
  return db.prepare('DELETE FROM owner_sessions WHERE created_at <= ?').run(new Date(now.getTime() - SESSION_MS).toISOString()).changes;
}

/** The session id the request's cookie carries, or null. */
export function sessionCookie(headers: IncomingHttpHeaders): string | null {
  return cookieValue(headers, SESSION_COOKIE);
}

/** Set-Cookie for a session id, or for clearing it (null). Path /intern: no public page ever gets it. */
export function setSessionCookie(id: string | null, secure: boolean): string {
  const attributes = ['Path=/intern', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : []), ...(id === null ? ['Max-Age=0'] : [])];
  return [`${SESSION_COOKIE}=${id ?? ''}`, ...attributes].join('; ');
}
