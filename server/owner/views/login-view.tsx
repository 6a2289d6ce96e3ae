// The console's pages before login: the form, and the notice while no password is set.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { LOGIN_PATH, Notice, type ConsolePage } from './render.tsx';

export function loginPage(words: ConsoleWords, notice: { kind: 'info' | 'error'; text: string } | null): ConsolePage {
  return {
    title: words.login.title,
    section: null,
    body: (
      <div className="console-login">
        <h1>{words.login.title}</h1>
        {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
        <form method="post" action={LOGIN_PATH}>
          <label htmlFor="password">{words.login.password}</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={1024} autoFocus />
          <button className="btn btn-primary" type="submit">
            {words.login.submit}
          </button>
        </form>
      </div>
    ),
  };
}

export function noPasswordPage(words: ConsoleWords): ConsolePage {
  return {
    title: words.noPassword.title,
    section: null,
    body: (
      <div className="console-login">
        <h1>{words.noPassword.title}</h1>
        <p>{words.noPassword.text}</p>
        <p>
          <code className="console-command">{words.noPassword.command}</code>
        </p>
      </div>
    ),
  };
}
