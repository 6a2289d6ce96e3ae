// What the console answers when a request fails in Express rather than in a handler (a body over
// its limit, a malformed or undecodable body, an exception): a console page saying in German what
// happened and what to do (data/console.yaml, `requestErrors`), never Express's English page or
// the visitors' plain text. The server's own message goes to the operator's log.
import type { ErrorRequestHandler } from 'express';
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { Log } from '../context.ts';
import { bodyError, closeAfterTooLarge, errorStatus } from '../http/body.ts';
import { loginPage } from './views/login-view.tsx';
import { LOGIN_PATH, Notice, routerPath, type SendPage } from './views/render.tsx';

export function consoleErrors({ words, sendPage, log }: { words: ConsoleWords; sendPage: SendPage; log: Log }): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = errorStatus(error) ?? 500;
    const found = bodyError(error);
    const where = `${req.method} ${req.baseUrl}${req.path}`;
    log(status >= 500 ? `Owner's console: ${status} ${where}: ${(error as Error)?.stack ?? String(error)}` : `Owner's console: ${status} ${where} refused: ${(error as Error)?.message ?? String(error)}`);
    if (res.headersSent) return void req.socket.destroy();
    if (found) closeAfterTooLarge(res, found);
    // A malformed or oversized login form: the same page, asking again.
    if (req.path === routerPath(LOGIN_PATH) && status < 500) return sendPage(res, status, loginPage(words, { kind: 'error', text: words.login.failed }));
    const w = words.requestErrors;
    const text = status >= 500 ? w.failed : status === 413 || found?.problem === 'too-large' ? w.tooLarge : w.malformed;
    sendPage(res, status >= 500 ? 500 : status, { title: words.title, section: req.path === routerPath(LOGIN_PATH) ? null : 'messages', body: <Notice kind="error">{text}</Notice> });
  };
}
