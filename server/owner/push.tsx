// The owner's alerts in the console (docs/owner-console.md, "Alerts on the phone"): the app files
// a browser fetches without cookies (publicPushRoutes, mounted before the login), and behind the
// login the Benachrichtigungen page, the push script and service worker, the subscription API
// (JSON, zod-checked, same-origin like every POST of the console) and removing a device.
import express, { Router } from 'express';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { routerPath, type SendPage } from './views/render.tsx';
import type { ApiContext } from '../context.ts';
import { storedPushKeys } from '../push/keys.ts';
import { pushDeliveryState } from '../push/send.ts';
import { deviceLabel, listSubscriptions, removeSubscription, saveSubscription, subscriptionBody } from '../push/subscriptions.ts';
import { appScript, publicAppFile, type AppFile } from './push-files.ts';
import { PUSH_PATH, pushPage, SUBSCRIBE_PATH, type PushStatus } from './views/push-view.tsx';
import { CONSOLE_APP_PATHS } from '../../core/console-app.ts';

const DEVICE_ID = /^\d{1,15}$/;

export function pushStatus(db: ApiContext['db']): PushStatus {
  return { publicKey: storedPushKeys(db)?.publicKey ?? null, devices: listSubscriptions(db), delivery: pushDeliveryState(db) };
}

function serveAppFile(api: ApiContext, file: Promise<AppFile>, res: express.Response, cache: string): void {
  file.then(
    ({ type, body }) => void res.status(200).type(type).set('Cache-Control', cache).send(body),
    (error: Error) => {
      api.log(`Owner's console: cannot make an app file (${error.message}).`);
      res.status(500).type('text/plain; charset=utf-8').send('The console\'s app file could not be made; see the server log.');
    },
  );
}

/** The manifest and icons, for anyone (no cookies come with them): mounted before the console's login. */
export function publicPushRoutes(api: ApiContext, words: ConsoleWords): Router {
  const router = Router();
  for (const path of [CONSOLE_APP_PATHS.manifest, CONSOLE_APP_PATHS.icon192, CONSOLE_APP_PATHS.icon512, CONSOLE_APP_PATHS.maskable]) {
    router.get(routerPath(path), (_req, res) => serveAppFile(api, publicAppFile(path, words.push, api.site?.name ?? '')!, res, 'public, max-age=86400'));
  }
  return router;
}

export function pushRoutes({ api, words, sendPage }: { api: ApiContext; words: ConsoleWords; sendPage: SendPage }): Router {
  const { db } = api;
  const router = Router();
  for (const path of [CONSOLE_APP_PATHS.script, CONSOLE_APP_PATHS.worker]) {
    router.get(routerPath(path), (_req, res) => serveAppFile(api, appScript(path)!, res, 'no-cache'));
  }

  router.get(routerPath(PUSH_PATH), (req, res) => {
    const notice = 'entfernt' in req.query ? { kind: 'info' as const, text: words.push.removed } : 'fehlt' in req.query ? { kind: 'error' as const, text: words.push.missing } : null;
    sendPage(res, 200, pushPage(words, pushStatus(db), notice));
  });

  router.post(routerPath(SUBSCRIBE_PATH), express.json({ limit: 4096 }), (req, res) => {
    const body = subscriptionBody.safeParse(req.body);
    if (!body.success) return void res.status(422).json({ ok: false });
    if (storedPushKeys(db) === null) return void res.status(409).json({ ok: false });
    const id = saveSubscription(db, body.data, deviceLabel(req.get('user-agent') ?? '', words.push));
    api.log(`Owner's console: push subscription ${id} stored (${new URL(body.data.endpoint).host}).`);
    res.status(201).json({ ok: true, id });
  });

  router.post(routerPath(`${PUSH_PATH}/geraete/:id/entfernen`), (req, res) => {
    const id = req.params.id;
    if (typeof id !== 'string' || !DEVICE_ID.test(id) || !removeSubscription(db, Number(id))) return res.redirect(303, `${PUSH_PATH}?fehlt`);
    api.log(`Owner's console: push subscription ${id} removed.`);
    res.redirect(303, `${PUSH_PATH}?entfernt`);
  });
  return router;
}
