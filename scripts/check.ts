// `npm run check`: the go-live check (core/go-live.ts). Lists, grouped as "before going live",
// "recommended" and "optional", every example fact, unconfirmed promise, placeholder image and
// unset id of data/ with the file and field to change (build/check.ts), and what running the site
// needs: SITE_URL is the site's real address, mail goes out through SMTP (a real conversation with
// the server of SMTP_URL, at most 10 s), an owner password is set, a backup was written in the last
// 26 hours (server/owner/go-live.ts). The running items count in production (NODE_ENV=production,
// or `-- --production`) and are information otherwise. Exit code 1 while an item before going live
// counts; recommended and optional ones are listed only.
// `-- --data DIR` checks another data folder; the server's settings come from the environment.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GO_LIVE_GROUPS, GO_LIVE_GROUP_TITLES, openItems, siteUrlItems, type GoLiveItem } from '../core/go-live.ts';
import { ROOT_DIR } from '../build/root.ts';
import { loadSiteData } from '../build/load/site-data.ts';
import { DataError, DataErrors } from '../build/data-error.ts';
import { goLiveItems } from '../build/check.ts';
import { databasePathFromEnv, featuresFromEnv } from '../server/config.ts';
import { runningItems } from '../server/owner/go-live.ts';
import { openConnection } from '../server/store/database.ts';

class SettingError extends Error {}

const { values } = parseArgs({ options: { data: { type: 'string' }, production: { type: 'boolean' } } });
const dataDir = resolve(values.data ?? join(ROOT_DIR, 'data'));
const production = values.production === true || process.env.NODE_ENV === 'production';

/** Mail, password and backup as the server would see them with this environment. */
async function serverItems(): Promise<{ items: GoLiveItem[]; notes: string[] }> {
  let config: ReturnType<typeof featuresFromEnv>;
  try {
    config = featuresFromEnv();
  } catch (error) {
    // A setting the server would refuse at start, said in the server's own words.
    throw new SettingError(`The server's settings do not load, so nothing was checked: ${(error as Error).message}`);
  }
  const databasePath = databasePathFromEnv();
  if (!existsSync(databasePath)) {
    return { items: await runningItems(null, config, new Date()), notes: [`There is no database at ${databasePath} yet (DATABASE_PATH): the server has not run with this setting.`] };
  }
  // Read only: the check neither migrates the running server's database nor leaves files in its
  // folder that the service user could not open (run as root).
  const db = openConnection(databasePath, { readonly: true, fileMustExist: true });
  try {
    return { items: await runningItems(db, config, new Date()), notes: [] };
  } catch (error) {
    if (!(error instanceof Database.SqliteError)) throw error;
    return { items: await runningItems(null, config, new Date()), notes: [`The database at ${databasePath} could not be read as this code expects (${error.message}): start the server once with this code, which updates it, then check again.`] };
  } finally {
    db.close();
  }
}

function print(items: readonly GoLiveItem[], notes: readonly string[]): number {
  const open = openItems(items, production);
  const information = production ? [] : items.filter((item) => item.running);
  console.log(`Go-live check (${production ? 'production: everything below counts' : 'development: the items about running the site are information until NODE_ENV=production or --production'}).`);
  for (const group of GO_LIVE_GROUPS) {
    const inGroup = open.filter((item) => item.group === group);
    if (inGroup.length === 0) continue;
    console.log(`\n${GO_LIVE_GROUP_TITLES[group]} (${inGroup.length}):`);
    for (const item of inGroup) console.log(`- ${item.text}`);
  }
  if (information.length > 0) {
    console.log('\nFor information, counts in production:');
    for (const item of information) console.log(`- ${item.text}`);
  }
  for (const note of notes) console.log(`\nNote: ${note}`);
  if (open.length === 0) {
    console.log('\nGo-live check: no example data, every promise confirmed. Ready for `npm run build -- --production`.');
    return 0;
  }
  const required = open.filter((item) => item.group === 'required').length;
  console.log(`\nGo-live check: ${open.length} item${open.length === 1 ? '' : 's'} open, ${required} of them before going live.`);
  // Recommended and optional items are listed; only what must be done first fails the check.
  return required > 0 ? 1 : 0;
}

try {
  const data = loadSiteData({ dataDir, buildDate: new Date() });
  const siteUrl = process.env.SITE_URL?.trim() || null;
  const server = await serverItems();
  process.exitCode = print([...goLiveItems(data, dataDir), ...siteUrlItems(siteUrl, data.site.url), ...server.items], server.notes);
} catch (error) {
  if (error instanceof SettingError) console.error(error.message);
  else if (error instanceof DataError || error instanceof DataErrors) console.error(`The data does not load, so nothing was checked:\n${error.message}`);
  else throw error;
  process.exitCode = 1;
}
