// The console's sections behind the login (docs/owner-console.md): the messages (send again,
// delete; the list and each message's page are server/owner/inbox.tsx), the phone script and
// the system's state (the reviews are server/owner/reviews-page.tsx, the visits server/owner/visits.tsx).
import { statSync } from 'node:fs';
import { Router, type Request } from 'express';
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { PhoneScript } from '../../core/schema/phone-script.ts';
import { BACKUP_WEEKLY_COPIES } from '../../core/retention.ts';
import type { ApiContext } from '../context.ts';
import { sendAgain } from '../contact/outbox.ts';
import { mailDeliveryState } from '../contact/delivery.ts';
import { mailTransport } from '../contact/mail.ts';
import { goLiveStatus } from './go-live.ts';
import { backupStatus } from '../store/backup-record.ts';
import { backupOverdue } from '../store/backup-watch.ts';
import { deleteMessage, messageNamed, type MessageRow } from './messages.ts';
import { deletePage } from './views/messages-view.tsx';
import { phonePage } from './views/phone-view.tsx';
import { routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';
import { systemPage, type SystemStatus } from './views/status-views.tsx';
import { withPushDevices } from './views/push-view.tsx';
import { pushStatus } from './push.tsx';
import { recentContentChanges } from '../content/audit.ts';

const RESEND_WAIT_MS = 5_000;

export function sectionRoutes({ api, words, sendPage, phoneScript }: { api: ApiContext; words: ConsoleWords; sendPage: SendPage; phoneScript: PhoneScript }): Router {
  const { db } = api;
  const router = Router();
  const messages = routerPath(SECTION_PATHS.messages);

  router.get('/', (_req, res) => res.redirect(303, SECTION_PATHS.messages));

  const messageOf = (req: Request): MessageRow | null => messageNamed(db, req.params.id);

  router.post(`${messages}/:id/senden`, async (req, res) => {
    const id = messageOf(req)?.id;
    if (id === undefined) return res.redirect(303, `${SECTION_PATHS.messages}?fehlt`);
    // The page that follows shows the attempt's outcome, unless the mail server takes longer.
    await Promise.race([sendAgain(api, id), new Promise((resolve) => setTimeout(resolve, RESEND_WAIT_MS))]);
    res.redirect(303, `${SECTION_PATHS.messages}?gesendet#nachricht-${id}`);
  });

  router.get(`${messages}/:id/loeschen`, (req, res) => {
    const message = messageOf(req);
    if (message === null) return res.redirect(303, `${SECTION_PATHS.messages}?fehlt`);
    sendPage(res, 200, deletePage(words, message, BACKUP_WEEKLY_COPIES));
  });

  router.post(`${messages}/:id/loeschen`, (req, res) => {
    const id = messageOf(req)?.id;
    if (id === undefined || !deleteMessage(db, id)) return res.redirect(303, `${SECTION_PATHS.messages}?fehlt`);
    api.log(`Owner's console: contact message ${id} deleted.`);
    res.redirect(303, `${SECTION_PATHS.messages}?geloescht`);
  });

  router.get(routerPath(SECTION_PATHS.phone), (_req, res) => sendPage(res, 200, phonePage(words, phoneScript)));
  router.get(routerPath(SECTION_PATHS.system), async (_req, res) => sendPage(res, 200, withPushDevices(systemPage(words, await systemStatus(api)), words, pushStatus(api.db))));
  return router;
}
function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

async function systemStatus(api: ApiContext): Promise<SystemStatus> {
  const { db } = api;
  const pendingMails = (db.prepare("SELECT count(*) AS n FROM contact_messages WHERE mail_status = 'pending'").get() as { n: number }).n;
  const backups = backupStatus(db.name, api.config.backupDir);
  return {
    databaseBytes: db.name === ':memory:' ? 0 : fileSize(db.name) + fileSize(`${db.name}-wal`),
    pendingMails,
    backups,
    backupOverdue: backupOverdue(db, backups, Date.now(), api.log),
    build: api.site?.build ?? null,
    refusedRelease: api.kept?.refusedRelease ?? null,
    mail: { transport: mailTransport(api.config), delivery: mailDeliveryState(db) },
    goLive: await goLiveStatus(api, new Date()),
    contentLog: recentContentChanges(db),
    logins: api.kept?.throttle?.counts() ?? null,
  };
}
