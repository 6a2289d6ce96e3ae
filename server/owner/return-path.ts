// Where the owner returns after logging in: the console page he was on when his session had ended
// (a link he opened, or the form he sent, which was not saved). Only a path of the console is
// taken, never another site's address (an open redirect), and it travels in the login page's
// address and form.
import type { Request } from 'express';
import { CONSOLE_MOUNT, LOGIN_PATH } from './views/render.tsx';

/** The query parameter and form field that carry the path. */
export const RETURN_FIELD = 'zurueck';

/** A console path to return to, or null: "/intern/…" with no scheme, host, backslash or control character. */
export function returnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith(`${CONSOLE_MOUNT}/`) || value.startsWith(LOGIN_PATH)) return null;
  return /^\/[^/\\]/.test(value) && !/[\\\u0000-\u001f\u007f]/.test(value) ? value : null;
}

/**
 * The page a request without a session came from: a GET's own address; for a form sent (a POST),
 * the page of this site it was sent from (its Referer), else the address it was sent to.
 */
export function returnPathOf(req: Request): string | null {
  if (req.method === 'GET' || req.method === 'HEAD') return returnPath(req.originalUrl);
  try {
    const from = new URL(req.headers.referer ?? '');
    if (from.host === req.headers.host) return returnPath(from.pathname + from.search);
  } catch {
    // No Referer or not an address: the address the form was sent to.
  }
  return returnPath(req.originalUrl.split('?')[0]);
}
