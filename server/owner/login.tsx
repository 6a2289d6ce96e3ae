// Logging in and out of the owner's console (docs/owner-console.md): the password is checked one
// at a time and slowed per address and overall (server/owner/login-throttle.ts); every failure is
// answered the same, the same time after it arrived; a login always starts a new session.
import express, { Router } from 'express';
import { z } from 'zod';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { OWNER_SESSION_IDLE_HOURS } from '../../core/retention.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { MAX_PASSWORD_LENGTH, storedPasswordHash, verifyPassword } from './password.ts';
import { deleteIdleSessions, endSession, sessionCookie, sessionOf, setSessionCookie, startSession } from './sessions.ts';
import { loginPage } from './views/login-view.tsx';
import { berlinClock, LOGIN_PATH, LOGOUT_PATH, routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';

/** A login form holds one password of at most 1,024 characters. */
const FORM_LIMIT = 4 * 1024;

/** The login form's one field; anything else (no field, a list of them) is an empty password. */
const loginForm = z.object({ password: z.string() });

export interface LoginOptions {
  api: ApiContext;
  words: ConsoleWords;
  sendPage: SendPage;
  throttle: LoginThrottle;
  /** Cookies only over https: the site's own address says whether it is served so. */
  secure: boolean;
}

export function loginRoutes({ api, words, sendPage, throttle, secure }: LoginOptions): Router {
  const { db, config } = api;
  const router = Router();

  router.get(routerPath(LOGIN_PATH), (req, res) => {
    if (sessionOf(db, sessionCookie(req.headers)).state === 'active') return res.redirect(303, SECTION_PATHS.messages);
    const notice = 'abgemeldet' in req.query ? { kind: 'info' as const, text: words.login.loggedOut } : 'abgelaufen' in req.query ? { kind: 'info' as const, text: fillSlots(words.login.expired, { hours: OWNER_SESSION_IDLE_HOURS }) } : null;
    sendPage(res, 200, loginPage(words, notice));
  });

  router.post(routerPath(LOGIN_PATH), express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 }), async (req, res) => {
    const arrived = performance.now();
    const admission = throttle.admit(req.ip);
    if (!admission.allowed) {
      const text = admission.reason === 'busy' ? words.login.busy : fillSlots(words.login.throttled, { minutes: Math.ceil((admission.until - Date.now()) / 60_000), time: berlinClock(admission.until) });
      res.set('Retry-After', String(admission.reason === 'busy' ? 60 : Math.ceil((admission.until - Date.now()) / 1000)));
      return sendPage(res, 429, loginPage(words, { kind: 'error', text }));
    }
    const form = loginForm.safeParse(req.body);
    const password = form.success ? form.data.password : '';
    const hash = storedPasswordHash(db);
    // A hash that does not parse counts as a wrong password: every admitted attempt ends in failed or succeeded.
    const valid = hash !== null && password !== '' && password.length <= MAX_PASSWORD_LENGTH && (await throttle.check(() => verifyPassword(password, hash)).catch(() => false));
    if (!valid) {
      throttle.failed(req.ip);
      // Every failure the same answer at the same time after arrival, whatever took how long.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, arrived + config.loginFailureMs - performance.now())));
      return sendPage(res, 401, loginPage(words, { kind: 'error', text: words.login.failed }));
    }
    throttle.succeeded(req.ip);
    // A fresh id at every login: an id someone planted before the login is worth nothing after it.
    endSession(db, sessionCookie(req.headers));
    deleteIdleSessions(db);
    res.set('Set-Cookie', setSessionCookie(startSession(db), secure));
    res.redirect(303, SECTION_PATHS.messages);
  });

  router.post(routerPath(LOGOUT_PATH), (req, res) => {
    endSession(db, sessionCookie(req.headers));
    res.set('Set-Cookie', setSessionCookie(null, secure));
    res.redirect(303, `${LOGIN_PATH}?abgemeldet`);
  });
  return router;
}
