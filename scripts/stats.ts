// `npm run stats [-- --days 7]`: page views, consented visits and call and WhatsApp clicks per
// day and path, from the visits table of DATABASE_PATH (read-only; the server may keep running).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { formatTable, type Cell } from './lib/table.ts';

const HELP = `Usage: npm run stats [-- --days N]

Prints, per day (UTC) and path: page views (log/ip), visits (log/visit, only after consent),
call clicks and WhatsApp clicks. Reads the SQLite file DATABASE_PATH (default var/site.db).

  --days N   today and the N-1 days before (default 7; rows older than the retention are gone)
  --help     this text`;

interface Row {
  day: string;
  path: string;
  views: number;
  visits: number;
  calls: number;
  whatsapp: number;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function options(): { days: number } {
  let parsed;
  try {
    parsed = parseArgs({ options: { days: { type: 'string' }, help: { type: 'boolean' } } });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${HELP}`);
  }
  if (parsed.values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const days = Number(parsed.values.days ?? '7');
  if (!Number.isInteger(days) || days < 1) fail(`--days must be a whole number of at least 1, but it is "${parsed.values.days}".`);
  return { days };
}

function readRows(databasePath: string, since: string): Row[] {
  if (!existsSync(databasePath)) {
    fail(`There is no database at ${databasePath}. Set DATABASE_PATH to the server's SQLite file (default var/site.db).`);
  }
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `SELECT substr(created_at, 1, 10) AS day, path,
                sum(kind = 'ip') AS views,
                sum(kind = 'visit') AS visits,
                sum(kind = 'click' AND click = 'call') AS calls,
                sum(kind = 'click' AND click = 'whatsapp') AS whatsapp
           FROM visits WHERE created_at >= ?
          GROUP BY day, path
          ORDER BY day DESC, views DESC, path`,
      )
      .all(since) as Row[];
  } catch (error) {
    fail(`Cannot read the visits of ${databasePath}: ${(error as Error).message}. Start the server once so it creates its tables.`);
  } finally {
    db.close();
  }
}

const { days } = options();
const databasePath = process.env.DATABASE_PATH?.trim() || 'var/site.db';
const today = new Date();
today.setUTCHours(0, 0, 0, 0);
const since = new Date(today.getTime() - (days - 1) * 24 * 60 * 60 * 1000);
const rows = readRows(databasePath, since.toISOString());

console.log(`Visitor statistics of ${databasePath}, ${since.toISOString().slice(0, 10)} to ${today.toISOString().slice(0, 10)} (UTC days)\n`);
if (rows.length === 0) {
  console.log('No page views, visits or clicks in this period.');
} else {
  const total = (key: keyof Row) => rows.reduce((sum, row) => sum + Number(row[key]), 0);
  const table: Cell[][] = rows.map((row) => [row.day, row.path, row.views, row.visits, row.calls, row.whatsapp]);
  table.push(['total', '', total('views'), total('visits'), total('calls'), total('whatsapp')]);
  console.log(formatTable(['day', 'path', 'page views', 'visits', 'calls', 'WhatsApp'], table));
}
