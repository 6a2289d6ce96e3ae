// `npm run stats [-- --days 7]`: per day (Europe/Berlin) and path, the page views the server
// counted itself (page_counts) and, from visitors who chose 'Alle akzeptieren', their logged page
// views, visits and call and WhatsApp clicks (visits). Reads DATABASE_PATH read-only; the server
// may keep running.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { DEFAULT_VISIT_RETENTION_DAYS, PAGE_COUNT_RETENTION_MONTHS } from '../data/schema/retention.ts';
import { berlinDay, daysBefore } from '../templates/lib/berlin-day.ts';
import { PAGE_COUNT_FLUSH_MS } from '../server/feature-config.ts';
import { formatTable, type Cell } from './lib/table.ts';

const FLUSH_SECONDS = PAGE_COUNT_FLUSH_MS / 1000;

const HELP = `Usage: npm run stats [-- --days N]

Prints, per day (Europe/Berlin) and path:
  page views       counted by the server from the pages it answered (GET answered 200 or 304;
                   no HEAD, no obvious bots; no IP address, nothing from the visitor's device).
                   The server writes them every ${FLUSH_SECONDS} s and when it stops, so the last
                   ${FLUSH_SECONDS} s may still be missing. Kept ${PAGE_COUNT_RETENTION_MONTHS} months.
  consented views  page views logged by the browser, only after "Alle akzeptieren"
  visits           visits with screen size, time zone and session (only after "Alle akzeptieren")
  calls, WhatsApp  clicks on call and WhatsApp links (only after "Alle akzeptieren")
The last four are kept VISIT_RETENTION_DAYS days (default ${DEFAULT_VISIT_RETENTION_DAYS}).
Reads the SQLite file DATABASE_PATH (default var/site.db).

  --days N   today and the N-1 days before (default 7)
  --help     this text`;

const COLUMNS = ['views', 'consented', 'visits', 'calls', 'whatsapp'] as const;
type Counts = Record<(typeof COLUMNS)[number], number>;
interface Row extends Counts {
  day: string;
  path: string;
}

interface VisitRow {
  created_at: string;
  kind: 'ip' | 'visit' | 'click';
  path: string;
  click: 'call' | 'whatsapp' | null;
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

const VISIT_COLUMN: Record<string, keyof Counts> = { ip: 'consented', visit: 'visits', call: 'calls', whatsapp: 'whatsapp' };

function readRows(databasePath: string, since: string): Row[] {
  if (!existsSync(databasePath)) {
    fail(`There is no database at ${databasePath}. Set DATABASE_PATH to the server's SQLite file (default var/site.db).`);
  }
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  const rows = new Map<string, Row>();
  const row = (day: string, path: string): Row => {
    const key = `${day} ${path}`;
    let found = rows.get(key);
    if (!found) rows.set(key, (found = { day, path, views: 0, consented: 0, visits: 0, calls: 0, whatsapp: 0 }));
    return found;
  };
  try {
    const counted = db.prepare('SELECT day, path, views FROM page_counts WHERE day >= ?').all(since) as { day: string; path: string; views: number }[];
    for (const { day, path, views } of counted) row(day, path).views += views;
    // Berlin is at most two hours ahead of UTC; the exact day is worked out per row.
    const from = new Date(Date.parse(`${since}T00:00:00Z`) - 2 * 60 * 60 * 1000).toISOString();
    const logged = db.prepare('SELECT created_at, kind, path, click FROM visits WHERE created_at >= ?').all(from) as VisitRow[];
    for (const visit of logged) {
      const day = berlinDay(Date.parse(visit.created_at));
      if (day < since) continue;
      const column = VISIT_COLUMN[visit.kind === 'click' ? (visit.click ?? '') : visit.kind];
      if (column) row(day, visit.path)[column] += 1;
    }
  } catch (error) {
    fail(`Cannot read the statistics of ${databasePath}: ${(error as Error).message}. Start the server once so it creates its tables.`);
  } finally {
    db.close();
  }
  return [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || b.views - a.views || b.consented - a.consented || a.path.localeCompare(b.path));
}

const { days } = options();
const databasePath = process.env.DATABASE_PATH?.trim() || 'var/site.db';
const today = berlinDay(Date.now());
const since = daysBefore(today, days - 1);
const rows = readRows(databasePath, since);

console.log(`Visitor statistics of ${databasePath}, ${since} to ${today} (days in Europe/Berlin)\n`);
if (rows.length === 0) {
  console.log('No page views, visits or clicks in this period.');
} else {
  const total = (key: keyof Counts) => rows.reduce((sum, row) => sum + row[key], 0);
  const table: Cell[][] = rows.map((row) => [row.day, row.path, ...COLUMNS.map((column) => row[column])]);
  table.push(['total', '', ...COLUMNS.map(total)]);
  console.log(formatTable(['day', 'path', 'page views', 'consented views', 'visits', 'calls', 'WhatsApp'], table));
  console.log(
    `\npage views: counted by the server (no bots, no IP address; the last ${FLUSH_SECONDS} s may still be in its memory).` +
      `\nThe other columns: only visitors who chose "Alle akzeptieren".`,
  );
}
