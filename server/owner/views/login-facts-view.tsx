// The System page's line about logins: wrong passwords and attempts refused without a check in the
// last 24 hours (server/owner/login-record.ts), and since when they are counted when the server
// started less than a day ago.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { LoginCounts } from '../login-record.ts';
import { berlinTime, number } from './render.tsx';

export type { LoginCounts };

export function LoginFacts({ w, logins }: { w: ConsoleWords['system']; logins: LoginCounts | null | undefined }) {
  if (!logins) return null;
  const counts = { failed: number(logins.failed), refused: number(logins.refused) };
  return (
    <>
      <dt>{w.loginAttempts}</dt>
      <dd>{logins.since === null ? fillSlots(w.loginCounts, counts) : fillSlots(w.loginCountsSince, { ...counts, time: berlinTime(logins.since) })}</dd>
    </>
  );
}
