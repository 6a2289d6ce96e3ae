// npm run reviews:sync [-- --clear]: one review sync of the configured place, for the operator.
import { openDatabase, type Db } from '../server/store/database.ts';
import { syncReviews } from '../server/reviews/store.ts';
import { databasePathFromEnv, featuresFromEnv } from '../server/config.ts';
import { runMain } from './lib/cleanup.ts';

const HELP = `Usage: npm run reviews:sync [-- --clear]

Fetches the Google reviews of the configured place (Places API (New), Place Details) and
stores them in the database; the website's review page shows them.

  --clear   also delete stored reviews that Google no longer returns (the nightly job does this)
  --help    show this text

Environment:
  GOOGLE_PLACES_API_KEY   API key with the Places API (New) enabled (required)
  GOOGLE_PLACE_ID         place id of the business (required)
  GOOGLE_PLACES_BASE_URL  default https://places.googleapis.com
  DATABASE_PATH           default var/site.db

Exit code 0 when the sync succeeded, 1 otherwise.`;

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== '--clear');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.map((arg) => JSON.stringify(arg)).join(', ')}; run "npm run reviews:sync -- --help".`);
    return 1;
  }
  let db: Db | undefined;
  try {
    const config = featuresFromEnv();
    db = openDatabase(databasePathFromEnv());
    const context = { db, config, site: null, log: () => undefined, shutdown: new AbortController().signal };
    const result = await syncReviews(context, { clearExisting: args.includes('--clear') });
    if (!result.success) {
      console.error(`Review sync failed: ${result.error}`);
      return 1;
    }
    const total = (db.prepare('select count(*) as n from google_reviews').get() as { n: number }).n;
    console.log(`Review sync done: ${result.inserted} inserted, ${result.updated} updated, ${result.deleted} deleted; ${total} reviews stored.`);
    return 0;
  } catch (error) {
    console.error(`Review sync failed: ${(error as Error).message}`);
    return 1;
  } finally {
    db?.close();
  }
}

await runMain(() => main(process.argv.slice(2)));
