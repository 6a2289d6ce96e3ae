// The contact part of `npm run bench`: POST /api/contact with durable writes (and its mail) against
// GET baselines on the same server, every answer counted and checked against the stored rows.
import { GET_HEADERS, ms, plural, rate, ratio, type Section, type SummaryRow } from './bench-format.ts';
import { countMailFiles, fsyncMedianMs, readStoredRows, serverSynchronous, startContactServer, waitForMails } from './contact-load.ts';
import { probe } from './http-probe.ts';
import { contactBody, loadTool, runLoad, type LoadResult, type LoadSpec } from './load-generator.ts';
import { NO_VALUE, formatTable, type Cell } from './table.ts';
import { WRK_PATH } from './wrk.ts';

const CONTACT_SECONDS = 5;
const BASELINE_SECONDS = 3;
const CONTACT_CONNECTIONS = [1, 10];
const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

interface ContactRun {
  connections: number;
  healthz: LoadResult;
  page: LoadResult;
  contact: LoadResult;
  mailDrainSeconds: number;
}

function statusList(statuses: Record<string, number>, except: string): string {
  const other = Object.entries(statuses).filter(([status]) => status !== except);
  return other.length === 0 ? '' : other.map(([status, count]) => `${count}× ${status}`).join(', ');
}

function answered(result: LoadResult, status: string): number {
  return result.statuses[status] ?? 0;
}

export async function benchContact(distDir: string, workDir: string): Promise<Section> {
  const tool = loadTool();
  const toolNote =
    tool === 'wrk'
      ? 'wrk with one Lua script for every run below (a unique body per POST, every answer counted)'
      : `a Node generator with keep-alive sockets (wrk is not installed at ${WRK_PATH})`;
  console.log(`Contact API: POST /api/contact against GET baselines on the same server, through ${toolNote} …`);
  const server = await startContactServer(distDir, workDir);
  const problems: string[] = [];
  const spec = (run: string, method: 'GET' | 'POST', path: string, connections: number, seconds: number): LoadSpec => ({
    run,
    method,
    path,
    headers: method === 'POST' ? JSON_HEADERS : GET_HEADERS,
    connections,
    seconds,
  });

  const first = await probe(new URL('/api/contact', server.url).href, JSON_HEADERS, { method: 'POST', body: contactBody('probe:1:1') });
  if (first.status !== 201) {
    await server.close();
    const why = `POST /api/contact answered the benchmark's body with ${first.status}, not 201: ${first.body.toString('utf8')}`;
    return { summary: [['Contact POST req/s / GET baselines', NO_VALUE, `skipped: ${why}`]], problems: [why] };
  }

  // Warms up the JIT, zod and the prepared statements; these rows are checked with the rest.
  await runLoad(server.url, spec('warmup', 'POST', '/api/contact', 10, 1), workDir);
  await runLoad(server.url, spec('warmup', 'GET', '/healthz', 10, 1), workDir);
  await waitForMails(server.databasePath, 20_000);

  const runs: ContactRun[] = [];
  for (const connections of CONTACT_CONNECTIONS) {
    console.log(`  ${plural(connections, 'connection', 'connections')}: GET /healthz, GET /, then POST /api/contact …`);
    const healthz = await runLoad(server.url, spec(`h${connections}`, 'GET', '/healthz', connections, BASELINE_SECONDS), workDir);
    const page = await runLoad(server.url, spec(`p${connections}`, 'GET', '/', connections, BASELINE_SECONDS), workDir);
    const contact = await runLoad(server.url, spec(`c${connections}`, 'POST', '/api/contact', connections, CONTACT_SECONDS), workDir);
    // The next run starts only once this one's background mails are out.
    const drained = await waitForMails(server.databasePath, 20_000);
    if (drained.pending > 0) problems.push(`${drained.pending} contact mails were still pending 20 s after the ${connections}-connection run.`);
    runs.push({ connections, healthz, page, contact, mailDrainSeconds: drained.seconds });
  }

  // Counted through a second, read-only connection while the server still runs: committed rows only.
  const stored = readStoredRows(server.databasePath);
  const mailFiles = countMailFiles(server.mailDir);
  await server.close();
  const synchronous = serverSynchronous();
  const fsyncMs = fsyncMedianMs(workDir);

  const rows: Cell[][] = [];
  const storedNotes: string[] = [];
  for (const run of runs) {
    for (const [label, result, expected] of [
      ['GET /healthz', run.healthz, '200'],
      ['GET / (page, gzip)', run.page, '200'],
      ['POST /api/contact', run.contact, '201'],
    ] as const) {
      const isContact = expected === '201';
      const ids = stored.byRun.get(`c${run.connections}`) ?? new Set<number>();
      rows.push([
        label,
        run.connections,
        `${isContact ? CONTACT_SECONDS : BASELINE_SECONDS} s`,
        result.requests,
        rate(result.requestsPerSecond),
        ms(result.p50Ms),
        ms(result.p99Ms),
        answered(result, expected),
        result.requests - answered(result, expected) + result.errors,
        isContact ? ids.size : NO_VALUE,
      ]);
      const others = statusList(result.statuses, expected);
      if (others) problems.push(`${label}, ${plural(run.connections, 'connection', 'connections')}: answers other than ${expected}: ${others}.`);
      if (result.errors > 0) problems.push(`${label}, ${plural(run.connections, 'connection', 'connections')}: ${result.errors} socket errors.`);
      if (!isContact) continue;

      const created = answered(result, '201');
      const missing = result.createdIds.filter((id) => !ids.has(id)).length;
      const inFlight = ids.size - created;
      if (missing > 0) problems.push(`${missing} messages answered 201 in the ${run.connections}-connection run are not in the database.`);
      if (inFlight < 0 || inFlight > run.connections) {
        problems.push(`${run.connections}-connection run: ${ids.size} rows stored for ${created} answers 201.`);
      }
      storedNotes.push(
        `${plural(run.connections, 'connection', 'connections')}: ${ids.size} rows = ${created} answered 201` +
          (inFlight > 0 ? ` + ${inFlight} committed for ${inFlight === 1 ? 'a request' : 'requests'} still in flight when ${tool} stopped (client gone)` : '') +
          `; mails drained ${run.mailDrainSeconds.toFixed(1)} s after the run.`,
      );
    }
  }
  if (stored.duplicates > 0) problems.push(`${stored.duplicates} contact rows repeat a token stored before.`);
  if (mailFiles !== stored.sent) problems.push(`${mailFiles} .eml files for ${stored.sent} rows marked sent.`);
  for (const line of server.log.slice(0, 5)) problems.push(`The contact server logged: ${line}`);

  const headers = ['Run', 'Conns', 'Time', 'Requests', 'req/s', 'p50', 'p99', '200/201', 'Other', 'Rows stored'];
  console.log(`\n${formatTable(headers, rows)}\n`);
  console.log(
    `Stored rows, counted through a second read-only connection: ${storedNotes.join(' ')} ` +
      `Every id answered 201 is among them; ${stored.duplicates === 0 ? 'no token is stored twice' : `${stored.duplicates} tokens stored twice`}.`,
  );
  console.log(
    `Durability: PRAGMA synchronous = ${synchronous} on the connections server/store/database.ts opens (synchronous belongs to a ` +
      `connection, so it is read from one made by the server's openDatabase()), journal_mode = ${stored.journalMode}: every commit ` +
      `waits for fdatasync of the WAL. One 4 KB append + fdatasync in this temp dir: median ${ms(fsyncMs)}.`,
  );
  console.log(
    `Each accepted message also costs its mail, in the same process and inside the figures: after the 201 it is read back, ` +
      `composed by nodemailer, written as an .eml file into a temp MAIL_DIR (never to an SMTP_URL), and marked sent in a ` +
      `second durable commit. ${mailFiles} .eml files for ${stored.total} rows (${stored.sent} sent, ${stored.pending} pending, ` +
      `${stored.failed} failed; warm-up and probe rows included).`,
  );
  console.log(
    'Per-address limit and overall cap lifted (contactPerTenMinutes, contactPerHour 1e9): all requests come from 127.0.0.1. Cron jobs off.\n' +
      'contact / healthz: both pass Express (security headers, router, a JSON answer; healthz reads SQLite once), so the ratio is the share ' +
      'of the plain API request rate left once a request also parses and validates a JSON body and commits it durably (plus its mail). ' +
      'contact / page: against a page served from memory ahead of Express.' +
      (tool === 'node' ? ' The Node generator itself caps the GET rates well below what wrk reaches, so both ratios overstate the contact share.' : '') +
      '\n',
  );

  const summary: SummaryRow[] = [];
  for (const run of runs) {
    const conns = plural(run.connections, 'conn', 'conns');
    summary.push(
      [`Contact POST / GET /healthz req/s, ${conns}`, ratio(run.contact.requestsPerSecond, run.healthz.requestsPerSecond),
        `${rate(run.contact.requestsPerSecond)} / ${rate(run.healthz.requestsPerSecond)} req/s; contact p99 ${ms(run.contact.p99Ms)}`],
      [`Contact POST / static page GET req/s, ${conns}`, ratio(run.contact.requestsPerSecond, run.page.requestsPerSecond),
        `${rate(run.contact.requestsPerSecond)} / ${rate(run.page.requestsPerSecond)} req/s`],
    );
  }
  return { summary, problems };
}
