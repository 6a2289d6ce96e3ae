// CLI: `npm run backup` writes a consistent copy of DATABASE_PATH into BACKUP_DIR while the server
// may keep running (SQLite's online backup API), rotates the copies and records the run beside the
// database (<DATABASE_PATH>.backups.json, server/store/backup-record.ts), as the server's nightly
// job (BACKUP_CRON) does.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BACKUP_DAILY_COPIES, BACKUP_LAST_COPIES, BACKUP_WEEKLY_COPIES } from '../core/retention.ts';
import { takeBackup } from '../server/store/backup.ts';
import { openDatabase } from '../server/store/database.ts';
import { databasePathFromEnv, featuresFromEnv } from '../server/config.ts';
import { helpOrNothing } from './lib/arguments.ts';
import { runMain } from './lib/cleanup.ts';

const HELP = `Usage: npm run backup [-- --help]

Writes a consistent copy of the database into the backup folder (safe while the server runs),
named site-<UTC time>.db, then deletes the older copies the rotation does not keep: the newest
of each of the last ${BACKUP_DAILY_COPIES} days and of each of the last ${BACKUP_WEEKLY_COPIES} weeks (Europe/Berlin, Monday to Sunday),
and the last ${BACKUP_LAST_COPIES} copies of those weeks, so a copy taken by hand keeps the night's copy.
The run is recorded in <DATABASE_PATH>.backups.json, which a restore leaves in place and the
console's System page reads. The server does the same every night (BACKUP_CRON).
Exit code 0 when the copy was written and recorded, 1 otherwise.

Environment: DATABASE_PATH (default var/site.db), BACKUP_DIR (default var/backups).
Restore a copy with "npm run restore FILE" after stopping the server.`;

async function main(args: string[]): Promise<number> {
  const early = helpOrNothing(args, HELP, 'backup');
  if (early !== null) return early;
  const databasePath = databasePathFromEnv();
  // Only BACKUP_DIR: another setting's mistake must not stop a backup.
  const dir = featuresFromEnv({ BACKUP_DIR: process.env.BACKUP_DIR }).backupDir;
  if (!existsSync(databasePath)) {
    console.error(`There is no database at ${databasePath}. Set DATABASE_PATH to the server's SQLite file (default var/site.db).`);
    return 1;
  }
  return backUp(databasePath, dir);
}

async function backUp(databasePath: string, dir: string): Promise<number> {
  const db = openDatabase(databasePath);
  try {
    const run = await takeBackup(db, dir);
    if (run.error !== null) {
      console.error(run.error);
      return 1;
    }
    console.log(`Wrote ${join(dir, run.file!)} (${run.bytes!.toLocaleString('en-US')} bytes), a copy of ${databasePath}.`);
    console.log(run.deleted.length === 0 ? 'Rotation deleted no copy.' : `Rotation deleted ${run.deleted.length}: ${run.deleted.join(', ')}.`);
    if (run.recordError === null) return 0;
    console.error(run.recordError);
    return 1;
  } finally {
    db.close();
  }
}

await runMain(() => main(process.argv.slice(2)));
