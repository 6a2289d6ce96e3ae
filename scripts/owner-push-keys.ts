// CLI: `npm run owner:push-keys` makes the VAPID key pair the server signs the owner's push
// notifications with (server/push/keys.ts) and stores it in the database beside the password hash.
// Making a new pair ends every subscription: each device must switch its notifications on again.
import { openDatabase } from '../server/store/database.ts';
import { makePushKeys, storedPushKeys } from '../server/push/keys.ts';
import { helpOrNothing } from './lib/arguments.ts';
import { runMain } from './lib/cleanup.ts';
import { databasePathFromEnv } from '../server/config.ts';

const USAGE = `Usage: npm run owner:push-keys [-- --new]

Makes the key pair for the push notifications of the owner's console (/intern/benachrichtigungen)
and stores it in the database. The running server uses it at once; no restart is needed.
When a pair exists it is kept, unless --new is given: a new pair ends every device's subscription,
and the owner switches notifications on again on each device.

Environment: DATABASE_PATH (default var/site.db).`;

async function main(args: string[]): Promise<number> {
  const replace = args[0] === '--new' && args.length === 1;
  const early = replace ? null : helpOrNothing(args, USAGE, 'owner:push-keys');
  if (early !== null) return early;
  const databasePath = databasePathFromEnv();
  const db = openDatabase(databasePath);
  try {
    if (storedPushKeys(db) !== null && !replace) {
      console.log(`Push keys already exist in ${databasePath}; nothing changed. Run "npm run owner:push-keys -- --new" to replace them (every device must then subscribe again).`);
      return 0;
    }
    const keys = makePushKeys(db);
    console.log(`Push keys stored in ${databasePath} (public key ${keys.publicKey.slice(0, 12)}…). The owner can now switch notifications on at /intern/benachrichtigungen.`);
    return 0;
  } finally {
    db.close();
  }
}

await runMain(() => main(process.argv.slice(2)));
