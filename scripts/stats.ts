// `npm run stats [-- --days 7]`: per day (Europe/Berlin) and path, the page views the server
// counted itself (page_counts), the page views and visits the browser logged for visitors who chose
// 'Alle akzeptieren' (visits), and their call and WhatsApp clicks (the daily totals of
// click_counts), and for the period the page views by source and device (server/visits/figures.ts).
// Read through server/visits/statistics.ts, as the owner's console reads them. Reads
// DATABASE_PATH read-only; the server may keep running.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_VISIT_RETENTION_DAYS, PAGE_COUNT_RETENTION_MONTHS } from '../core/retention.ts';
import { berlinDay, daysBefore } from '../core/berlin-day.ts';
// Imported for its effect too: its prepare keeps every statement referenced (Node 24, see there).
import { openConnection } from '../server/store/database.ts';
import { databasePathFromEnv, PAGE_COUNT_FLUSH_MS } from '../server/config.ts';
import { countsByDayAndPath, type DayPathCounts } from '../server/visits/statistics.ts';
import { periodTotals, type PeriodTotals } from '../server/visits/figures.ts';
import { formatTable, type Cell } from './lib/table.ts';

const FLUSH_SECONDS = PAGE_COUNT_FLUSH_MS / 1000;

const HELP = `Usage: npm run stats [-- --days N]

Prints, per day (Europe/Berlin) and path:
  page views       counted by the server from the pages it answered (GET answered 200 or 304;
                   no HEAD, no obvious bots; no IP address, nothing from the visitor's device).
                   The server writes them every ${FLUSH_SECONDS} s and when it stops, so the last
                   ${FLUSH_SECONDS} s may still be missing. Table page_counts, kept ${PAGE_COUNT_RETENTION_MONTHS} months.
  consented views  page views logged by the browser, only after "Alle akzeptieren"
  visits           visits with screen size, time zone and session (only after "Alle akzeptieren")
                   These two are rows of the visitor log (table visits), kept VISIT_RETENTION_DAYS
                   days (default ${DEFAULT_VISIT_RETENTION_DAYS}); older days show 0.
  calls, WhatsApp  clicks on call and WhatsApp links (only after "Alle akzeptieren"): clicks, not
                   calls that took place. The daily totals per path the server adds each click
                   to (table click_counts, no IP address), kept ${PAGE_COUNT_RETENTION_MONTHS} months like the page views.
Below the table, for the whole period: the page views by where they came from (the category of
their Referer, table source_counts; a link within the site is not counted) and by device (phone or
desktop, table device_counts), both counted by the server like the page views.
The owner's console (/intern, "Besuche und Klicks") reads the same figures the same way.
Reads the SQLite file DATABASE_PATH (default var/site.db).

  --days N   today and the N-1 days before (default 7)
  --help     this text`;

const COLUMNS = ['views', 'consented', 'visits', 'calls', 'whatsapp'] as const satisfies readonly (keyof DayPathCounts)[];

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

function readRows(databasePath: string, since: string, today: string): { rows: DayPathCounts[]; totals: PeriodTotals } {
  if (!existsSync(databasePath)) {
    fail(`There is no database at ${databasePath}. Set DATABASE_PATH to the server's SQLite file (default var/site.db).`);
  }
  const db = openConnection(databasePath, { readonly: true, fileMustExist: true });
  try {
    return { rows: countsByDayAndPath(db, { since }), totals: periodTotals(db, { first: since, last: today }) };
  } catch (error) {
    fail(`Cannot read the statistics of ${databasePath}: ${(error as Error).message}. Start the server once so it creates its tables.`);
  } finally {
    db.close();
  }
}

const { days } = options();
const databasePath = databasePathFromEnv();
const today = berlinDay(Date.now());
const since = daysBefore(today, days - 1);
const { rows, totals } = readRows(databasePath, since, today);

console.log(`Visitor statistics of ${databasePath}, ${since} to ${today} (days in Europe/Berlin)\n`);
if (rows.length === 0) {
  console.log('No page views, visits or clicks in this period.');
} else {
  const total = (key: (typeof COLUMNS)[number]) => rows.reduce((sum, row) => sum + row[key], 0);
  const table: Cell[][] = rows.map((row) => [row.day, row.path, ...COLUMNS.map((column) => row[column])]);
  table.push(['total', '', ...COLUMNS.map(total)]);
  console.log(formatTable(['day', 'path', 'page views', 'consented views', 'visits', 'calls', 'WhatsApp'], table));
  console.log(
    `\npage views: counted by the server (no bots, no IP address; the last ${FLUSH_SECONDS} s may still be in its memory).` +
      `\nThe other columns: only visitors who chose "Alle akzeptieren"; consented views and visits go back VISIT_RETENTION_DAYS days (default ${DEFAULT_VISIT_RETENTION_DAYS}),` +
      `\ncalls and WhatsApp (clicks on the links, not calls) ${PAGE_COUNT_RETENTION_MONTHS} months.`,
  );
  const listed = (counts: Record<string, number>) => Object.entries(counts).map(([key, views]) => `${key} ${views}`).join(', ');
  console.log(`\nsources (Referer category; links within the site not counted): ${listed(totals.sources)}`);
  console.log(`devices: ${listed(totals.devices)}`);
}
