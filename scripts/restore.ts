// CLI: `npm run restore FILE` replaces DATABASE_PATH by a backup, with the server stopped: it
// refuses while a server holds the database's lock (server/store/lock.ts), refuses a copy that
// fails SQLite's integrity check or is not this site's database, keeps the database it replaces
// beside it, and marks as sent the mails that database had already sent.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { copyDatabase } from '../server/store/backup.ts';
import { openDatabase, type Db, openConnection } from '../server/store/database.ts';
import { SCHEMA_VERSION } from '../server/store/migrations.ts';
import { markMailsSentBefore } from '../server/store/restore-mails.ts';
import { databaseHolder, lockDatabase, lockPathOf } from '../server/store/lock.ts';
import { runMain } from './lib/cleanup.ts';
import { databasePathFromEnv } from '../server/config.ts';

const HELP = `Usage: npm run restore FILE

Replaces the database DATABASE_PATH (default var/site.db) by FILE, a copy written by
"npm run backup" or the server's nightly backup (in BACKUP_DIR, default var/backups).

Stop the server first (sudo systemctl stop schluesseldienst) and run this as the server's user
(sudo -u schluesseldienst npm run restore FILE): it refuses while a server uses the database.
It refuses a FILE that fails SQLite's integrity check or is not this site's database, and then
changes nothing. The database it replaces is kept beside it as
<DATABASE_PATH>.before-restore-<UTC time>. Mails that database had already sent are marked as
sent in the restored copy (same message), so the server does not send them again; it prints how
many, and how many mails the restored copy will still send. Exit code 0 when restored, 1 otherwise.`;

/** A refusal: printed as it is, exit code 1, nothing changed. */
class Refusal extends Error {}

/** The backup, opened read-only once it passed the checks. */
function checkedCopy(file: string, databasePath: string): Db {
  const refuse = (reason: string) => new Refusal(`Refusing to restore ${file}: ${reason}. ${databasePath} was not changed.`);
  let copy: Db;
  try {
    copy = openConnection(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw refuse(`it cannot be opened (${(error as Error).message})`);
  }
  try {
    const problems = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    if (problems.join() !== 'ok') throw refuse(`it fails SQLite's integrity check (${problems.slice(0, 3).join('; ')})`);
    const version = copy.pragma('user_version', { simple: true }) as number;
    const messages = copy.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'contact_messages'").get();
    if (messages === undefined || version < 1) throw refuse('it is a SQLite database, but not one of this site (it has no table contact_messages)');
    if (version > SCHEMA_VERSION) throw refuse(`it is at version ${version}, newer than this checkout knows (${SCHEMA_VERSION}); restore it with the newer code`);
    return copy;
  } catch (error) {
    copy.close();
    if (error instanceof Refusal) throw error;
    throw refuse(`it is not an intact SQLite database (${(error as Error).message})`);
  }
}

/**
 * Moves the database with its WAL aside under `kept` (a WAL belongs to the file of its name, so
 * neither may stay beside the restored one), then folds the WAL in: one self-contained file.
 */
function keepCurrent(databasePath: string, kept: string): string | null {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    if (existsSync(databasePath + suffix)) renameSync(databasePath + suffix, kept + suffix);
  }
  try {
    const old = openConnection(kept);
    old.pragma('journal_mode = DELETE');
    old.close();
    return null;
  } catch (error) {
    return `It could not be folded into one file (${(error as Error).message}); keep ${kept}-wal beside it.`;
  }
}

const mails = (n: number) => (n === 1 ? '1 mail' : `${n} mails`);

/**
 * Marks as sent in the restored database the mails the replaced one (`kept`) had already sent
 * (server/store/restore-mails.ts), so the server does not mail them again; says how many, and how
 * many the restored copy will still send.
 */
function markSentMails(db: Db, kept: string | null): string {
  let marking = '';
  if (kept !== null) {
    try {
      const replaced = openConnection(kept, { readonly: true, fileMustExist: true });
      try {
        const { marked, absent } = markMailsSentBefore(db, replaced);
        marking =
          `Marked ${mails(marked)} as sent that the replaced database had already sent. ` +
          (absent > 0 ? `Mails waiting for messages the replaced database no longer holds (deleted since): ${absent}. They go out again; delete such a message again in the console if it was deleted on request. ` : '');
      } finally {
        replaced.close();
      }
    } catch (error) {
      marking = `The replaced database could not be read (${(error as Error).message}), so mails it had sent may go out again. `;
    }
  }
  // A message the honeypot or a limit refused was never meant to be mailed (server/contact/refused.ts).
  const count = (status: string) => (db.prepare('SELECT count(*) AS n FROM contact_messages WHERE mail_status = ? AND spam_reason IS NULL').get(status) as { n: number }).n;
  const failed = count('failed');
  return (
    `${marking}The restored copy will still send ${mails(count('pending'))} once the server runs` +
    (failed > 0 ? `; ${mails(failed)} failed for good and go out only when the owner sends them again in the console.` : '.')
  );
}

async function restore(file: string, databasePath: string): Promise<void> {
  const holder = databaseHolder(databasePath);
  if (holder !== null) {
    const who = holder.command === 'server' ? `the server (pid ${holder.pid}${holder.port === undefined ? '' : `, port ${holder.port}`})` : `another restore (pid ${holder.pid})`;
    throw new Refusal(
      `Refusing to restore while ${who} uses ${databasePath} (lock ${lockPathOf(databasePath)}). ` +
        'Stop the server first (sudo systemctl stop schluesseldienst), then run npm run restore again.',
    );
  }
  // Held while the files change, so a server started meanwhile stops at once.
  const lock = lockDatabase(databasePath, 'restore');
  try {
    const copy = checkedCopy(file, databasePath);
    const restoring = `${databasePath}.restoring`;
    rmSync(restoring, { force: true });
    try {
      await copyDatabase(copy, restoring);
    } catch (error) {
      rmSync(restoring, { force: true });
      throw new Refusal(`Cannot copy ${file} next to ${databasePath}: ${(error as Error).message}. ${databasePath} was not changed.`);
    } finally {
      copy.close();
    }
    const kept = existsSync(databasePath) ? `${databasePath}.before-restore-${new Date().toISOString().replace(/:/g, '-')}` : null;
    const note = kept === null ? null : keepCurrent(databasePath, kept);
    renameSync(restoring, databasePath);

    // Opened as the server opens it: WAL mode, and the migrations a copy from an older version lacks.
    const db = openDatabase(databasePath);
    try {
      const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      const newest = (db.prepare('SELECT max(created_at) AS at FROM contact_messages').get() as { at: string | null }).at;
      console.log(`Restored ${file} into ${databasePath}.`);
      console.log(`It holds ${count('contact_messages')} contact messages${newest ? ` (the newest from ${newest})` : ''} and ${count('google_reviews')} reviews.`);
      console.log(markSentMails(db, kept));
    } finally {
      db.close();
    }
    console.log(
      kept === null
        ? `There was no database at ${databasePath} before.`
        : `The database it replaced is kept as ${kept}.${note ? ` ${note}` : ''} ` +
            'It holds every message, also ones deleted on request: delete it once the restored site works, and within 4 weeks at the latest (the privacy policy promises that no copy is older).',
    );
    console.log('Start the server again (sudo systemctl start schluesseldienst).');
  } finally {
    lock.release();
  }
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  if (args.length !== 1) {
    console.error(`Name one backup file, for example: npm run restore var/backups/site-2026-11-24T01-17-00.000Z.db\n\n${HELP}`);
    return 1;
  }
  const file = args[0]!;
  const databasePath = databasePathFromEnv();
  if (!existsSync(file)) {
    console.error(`There is no file ${file}. Name a copy in BACKUP_DIR (default var/backups), for example var/backups/site-2026-11-24T01-17-00.000Z.db.`);
    return 1;
  }
  if (resolve(file) === resolve(databasePath)) {
    console.error(`${file} is the database itself (DATABASE_PATH); name a backup copy instead.`);
    return 1;
  }
  try {
    await restore(file, databasePath);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

await runMain(() => main(process.argv.slice(2)));
