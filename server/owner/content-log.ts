// Saves of the console's forms that are not data forms of server/content/forms.ts (the photos, the
// places) into the log of changes (server/content/audit.ts), with the login they came from.
import type { IncomingHttpHeaders } from 'node:http';
import { recordContentChange } from '../content/audit.ts';
import type { Db } from '../store/database.ts';
import { sessionCookie, sessionHint } from './sessions.ts';

/** Records a save's outcome by its kind ("saved", "removed": done; "checkFailed": failed; "unchanged": nothing; anything else: refused). */
export function recordSave(db: Db, headers: IncomingHttpHeaders, file: string, kind: string, detail = ''): void {
  if (kind === 'unchanged') return;
  const outcome = kind === 'saved' || kind === 'removed' ? 'done' : kind === 'checkFailed' ? 'failed' : 'refused';
  recordContentChange(db, { session: sessionHint(sessionCookie(headers)), action: 'save', outcome, detail: `data/${file}${detail ? `: ${detail}` : ''}` });
}
