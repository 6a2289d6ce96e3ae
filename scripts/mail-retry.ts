// CLI: `npm run mail:retry` sends every contact message whose notification mail is pending and
// due, once, with the server's settings (DATABASE_PATH, DIST_DIR, SMTP_URL, MAIL_*).
import { resolve } from 'node:path';
import { openDatabase } from '../server/store/database.ts';
import { retryPending, type OutboxContext } from '../server/contact/outbox.ts';
import { closeMailPool } from '../server/contact/mail.ts';
import { databasePathFromEnv, distDirFromEnv, featuresFromEnv } from '../server/config.ts';
import { loadSiteFacts } from '../server/facts.ts';
import { helpOrNothing } from './lib/arguments.ts';
import { runMain } from './lib/cleanup.ts';

const USAGE = `Usage: npm run mail:retry [-- --help]

Sends the notification mail of every contact message that is still pending and due
(the server's retry job does the same on MAIL_RETRY_CRON), then prints
"{n} sent, {m} still pending, {k} failed". Exit code 0 when the run completed, 1 on an error.

Environment: DATABASE_PATH (default var/site.db), DIST_DIR (default dist, for the site's
e-mail address), SMTP_URL (unset: .eml files into MAIL_DIR, default var/mail), MAIL_TO, MAIL_FROM.`;

async function main(args: string[]): Promise<number> {
  const early = helpOrNothing(args, USAGE, 'mail:retry');
  if (early !== null) return early;
  const db = openDatabase(databasePathFromEnv());
  const config = featuresFromEnv();
  try {
    const log = (line: string) => console.log(line);
    const context: OutboxContext = {
      db,
      config,
      site: loadSiteFacts(resolve(distDirFromEnv()), log),
      log,
      shutdown: new AbortController().signal,
    };
    const summary = await retryPending(context);
    console.log(`${summary.sent} sent, ${summary.pending} still pending, ${summary.failed} failed`);
    return 0;
  } finally {
    closeMailPool(config);
    db.close();
  }
}

await runMain(() => main(process.argv.slice(2)));
