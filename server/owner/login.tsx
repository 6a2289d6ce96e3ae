// Logging in and out of the owner's console (docs/owner-console.md): the password is checked one
// at a time and slowed per address, per device and overall (server/owner/login-throttle.ts); every
// failure is answered the same, the same time after it arrived; a login always starts a new session
// and gives the browser a device cookie (server/owner/device-cookie.ts).
import express, { Router, type Response } from 'express';
import { z } from 'zod';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { OWNER_SESSION_HOURS } from '../../core/retention.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import { knownDevice, newDevice, setDeviceCookie } from './device-cookie.ts';
import type { LoginClient, LoginThrottle, Refusal } from './login-throttle.ts';
import { MAX_PASSWORD_LENGTH, storedPasswordHash, verifyPassword } from './password.ts';
import { deleteEndedSessions, endSession, sessionCookie, sessionOf, setSessionCookie, startSession } from './sessions.ts';
import { returnPath, RETURN_FIELD } from './return-path.ts';
import { loginPage } from './views/login-view.tsx';
import { berlinClock, LOGIN_PATH, LOGOUT_PATH, routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';

/** A login form holds one password of at most 1,024 characters. */
const FORM_LIMIT = 4 * 1024;

/** The login form's one field; anything else (no field, a list of them) is an empty password. */
const loginForm = z.object({ password: z.string(), [RETURN_FIELD]: z.string().optional() });

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

  /** 429 at once, in German, with when to try again. */
  const refuse = (res: Response, refusal: Refusal) => {
    const blocked = refusal.reason === 'address' || refusal.reason === 'device';
    const text = blocked ? fillSlots(refusal.reason === 'device' ? words.login.throttledDevice : words.login.throttled, { minutes: Math.ceil((refusal.until - Date.now()) / 60_000), time: berlinClock(refusal.until) }) : words.login.busy;
    res.set('Retry-After', String(blocked ? Math.ceil((refusal.until - Date.now()) / 1000) : 60));
    sendPage(res, 429, loginPage(words, { kind: 'error', text }));
  };

  router.get(routerPath(LOGIN_PATH), (req, res) => {
    if (sessionOf(db, sessionCookie(req.headers)).state === 'active') return res.redirect(303, SECTION_PATHS.messages);
    const said = [
      'abgemeldet' in req.query ? words.login.loggedOut : '',
      'abgelaufen' in req.query ? fillSlots(words.login.expired, { hours: OWNER_SESSION_HOURS }) : '',
      'ungespeichert' in req.query ? words.login.notSaved : '',
    ].filter(Boolean);
    const notice = said.length > 0 ? { kind: 'info' as const, text: said.join(' ') } : null;
    sendPage(res, 200, loginPage(words, notice, fillSlots(words.login.lifetime, { hours: OWNER_SESSION_HOURS }), returnPath(req.query[RETURN_FIELD])));
  });

  router.post(routerPath(LOGIN_PATH), express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 }), async (req, res) => {
    const arrived = performance.now();
    const hash = storedPasswordHash(db);
    const client: LoginClient = { address: req.ip, device: knownDevice(req.headers, hash) };
    const admission = throttle.admit(client);
    if (!admission.allowed) return refuse(res, admission);
    // A client that has gone (closed, timed out at the proxy) before its turn gets no check.
    let gone = false;
    res.on('close', () => void (gone = !res.writableFinished));
    const form = loginForm.safeParse(req.body);
    const password = form.success ? form.data.password : '';
    const back = form.success ? returnPath(form.data[RETURN_FIELD]) : null;
    const outcome = await throttle.check(client, async () => {
      if (gone || req.socket.destroyed) return 'gone' as const;
      // A hash that does not parse counts as a wrong password: every admitted attempt ends in failed or succeeded.
      return hash !== null && password !== '' && password.length <= MAX_PASSWORD_LENGTH && (await verifyPassword(password, hash).catch(() => false));
    });
    if (outcome === 'gone') return throttle.skipped(client);
    if (!outcome) {
      throttle.failed(client);
      // Every failure the same answer at the same time after arrival, whatever took how long.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, arrived + config.loginFailureMs - performance.now())));
      return sendPage(res, 401, loginPage(words, { kind: 'error', text: words.login.failed }, undefined, back));
    }
    throttle.succeeded(client);
    // A fresh id at every login: an id someone planted before the login is worth nothing after it.
    endSession(db, sessionCookie(req.headers));
    deleteEndedSessions(db);
    res.set('Set-Cookie', [setSessionCookie(startSession(db), secure), setDeviceCookie(newDevice(hash!), secure)]);
    res.redirect(303, back ?? SECTION_PATHS.messages);
  });

  router.post(routerPath(LOGOUT_PATH), (req, res) => {
    endSession(db, sessionCookie(req.headers));
    res.set('Set-Cookie', setSessionCookie(null, secure));
    res.redirect(303, `${LOGIN_PATH}?abgemeldet`);
  });
  return router;
}
