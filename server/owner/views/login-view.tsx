// The console's pages before login: the form, and the notice while no password is set.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { RETURN_FIELD } from '../return-path.ts';
import { consolePage, LOGIN_PATH, Notice, type ConsolePage } from './render.tsx';

/**
 * The form, with a notice above it and, on the page the owner opens, how long a login lasts;
 * `back` is the console page to return to after it (server/owner/return-path.ts).
 */
export function loginPage(words: ConsoleWords, notice: { kind: 'info' | 'error'; text: string } | null, lifetime?: string, back: string | null = null): ConsolePage {
  return consolePage(
    words.login.title,
    null,
    <>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <form method="post" action={LOGIN_PATH}>
        <label htmlFor="password">{words.login.password}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={1024} autoFocus />
        {back !== null && <input type="hidden" name={RETURN_FIELD} value={back} />}
        <button className="btn btn-primary" type="submit">
          {words.login.submit}
        </button>
      </form>
      {lifetime && <p>{lifetime}</p>}
    </>,
    'console-login',
  );
}

export function noPasswordPage(words: ConsoleWords): ConsolePage {
  return consolePage(
    words.noPassword.title,
    null,
    <>
      <p>{words.noPassword.text}</p>
      <p>
        <code className="console-command">{words.noPassword.command}</code>
      </p>
    </>,
    'console-login',
  );
}
