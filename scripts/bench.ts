// `npm run bench`: build throughput, static-file throughput of our server next to a plain nginx,
// and contact API throughput with durable writes, ending in one table of ratios.
// Figures, not assertions: timing never goes into `npm test`.
import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../build/build.ts';
import { onCleanup, runMain, stopEverythingOnExit } from './lib/cleanup.ts';
import {
  contactBody,
  countMailFiles,
  fsyncMedianMs,
  loadTool,
  readStoredRows,
  runLoad,
  serverSynchronous,
  startContactServer,
  waitForMails,
  type LoadResult,
  type LoadSpec,
} from './lib/contact-load.ts';
import { probe, type Probe } from './lib/http-probe.ts';
import { NGINX_PATH, nginxInstalled, startNginx } from './lib/nginx.ts';
import { serveSiteInProcess } from './lib/site.ts';
import { NO_VALUE, formatBytes, formatTable, type Cell } from './lib/table.ts';
import { WRK_PATH, runWrk, wrkInstalled, type WrkResult } from './lib/wrk.ts';

// gzip, not br: both servers then send the same precompressed bytes (Debian's nginx has no
// brotli module unless libnginx-mod-http-brotli-static is installed), so the ratio is fair.
const LOAD = { threads: 2, connections: 50, seconds: 5, headers: { 'Accept-Encoding': 'gzip' } };
const WARM_UP = { ...LOAD, seconds: 1 };
const CONTACT_SECONDS = 5;
const BASELINE_SECONDS = 3;
const CONTACT_CONNECTIONS = [1, 10];
const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

interface Target {
  name: string;
  path: string;
}

interface Measurement {
  probe: Probe;
  load: WrkResult;
}

/** One line of the closing table: what is compared, the ratio, and the figures it comes from. */
type SummaryRow = [string, string, string];

interface Section {
  summary: SummaryRow[];
  problems: string[];
}

function rate(perSecond: number): string {
  return perSecond < 10 ? perSecond.toFixed(1) : perSecond.toFixed(0);
}

/** Latency with enough digits for sub-millisecond answers. */
function ms(value: number): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  if (value < 10) return `${value.toFixed(2)} ms`;
  return value < 1000 ? `${value.toFixed(0)} ms` : `${(value / 1000).toFixed(2)} s`;
}

function ratio(ours: number, theirs: number): string {
  return `${(ours / theirs).toFixed(2)}×`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

async function benchBuild(outDir: string, cacheDir: string): Promise<Section> {
  console.log('Building the site twice into a temp dir: with an empty cache, then with its images cached …');
  const rows: Cell[][] = [];
  const summary: SummaryRow[] = [];
  let lastSteps: Record<string, number> = {};
  for (const label of ['empty cache', 'cached']) {
    const started = performance.now();
    const result = await build({ outDir, cacheDir, quiet: true });
    const wallSeconds = (performance.now() - started) / 1000;
    rows.push([
      label,
      result.pages,
      `${result.imagesCached}/${result.images}`,
      formatBytes(result.bytes),
      `${wallSeconds.toFixed(2)} s`,
      `${result.seconds.toFixed(2)} s`,
      rate(result.pages / wallSeconds),
      ((wallSeconds * 1000) / result.pages).toFixed(2),
    ]);
    summary.unshift([`Build pages/s, ${label}`, rate(result.pages / wallSeconds), `${result.pages} pages in ${wallSeconds.toFixed(2)} s`]);
    lastSteps = result.steps;
  }
  const headers = ['Build run', 'Pages', 'Images cached', 'Output', 'Wall time', 'Reported', 'Pages/s', 'ms/page'];
  console.log(`\n${formatTable(headers, rows)}\n`);
  // The aim: about 1,000 pages in under 3 s with images cached. Name where the time goes.
  const steps = Object.entries(lastSteps).sort((a, b) => b[1] - a[1]);
  console.log(`Cached build by step: ${steps.map(([name, seconds]) => `${name} ${seconds.toFixed(2)} s`).join(', ')}.`);
  if (steps[0]) console.log(`Slowest step: ${steps[0][0]} (${steps[0][1].toFixed(2)} s).\n`);
  return { summary, problems: [] };
}

/** A content-hashed stylesheet if there is one (every page loads it), else a hashed script. */
function hashedAsset(distDir: string): Target | undefined {
  let files: string[];
  try {
    files = readdirSync(join(distDir, 'assets'));
  } catch {
    return undefined;
  }
  const hashed = files.filter((file) => /\.[0-9a-f]{8,}\.(css|js)$/.test(file)).sort();
  const file = hashed.find((name) => name.endsWith('.css')) ?? hashed[0];
  return file ? { name: 'hashed asset', path: `/assets/${file}` } : undefined;
}

async function measure(baseUrl: string, target: Target): Promise<Measurement> {
  const url = new URL(target.path, baseUrl).href;
  const answer = await probe(url, LOAD.headers);
  await runWrk(url, WARM_UP);
  return { probe: answer, load: await runWrk(url, LOAD) };
}

function body(measurement: Measurement): string {
  return `${formatBytes(measurement.probe.bytes)} ${measurement.probe.encoding}`;
}

async function benchServers(distDir: string): Promise<Section> {
  const skipped = (label: string, why: string): SummaryRow[] =>
    ['req/s', 'p99'].map((what): SummaryRow => [`${label} ${what} ours/nginx`, NO_VALUE, why]);
  if (!wrkInstalled()) {
    const why = `skipped: wrk not installed at ${WRK_PATH}`;
    console.log(`wrk is not installed at ${WRK_PATH}; skipping the server-against-nginx benchmark (apt-get install wrk).\n`);
    return { summary: [...skipped('Page', why), ...skipped('Asset', why)], problems: [] };
  }
  const targets = [{ name: 'home page', path: '/' }, hashedAsset(distDir)].filter((t): t is Target => !!t);
  if (targets.length < 2) console.log('dist/assets/ holds no content-hashed CSS or JS; benchmarking the home page only.');

  // In a process of its own, as in production (deploy/schluesseldienst.service): this process has
  // just built the site twice and would lend the server its heap.
  const site = await serveSiteInProcess(distDir);
  const stopSite = onCleanup(() => site.close());
  const ours: Measurement[] = [];
  for (const target of targets) {
    console.log(`Loading our server: ${target.path} (wrk -t${LOAD.threads} -c${LOAD.connections} -d${LOAD.seconds}s) …`);
    ours.push(await measure(site.url, target));
  }
  await stopSite();

  const theirs: Measurement[] = [];
  let nginxNote = `nginx is not installed at ${NGINX_PATH}; skipped the comparison with nginx (apt-get install nginx).`;
  if (nginxInstalled()) {
    const nginx = await startNginx(distDir);
    for (const target of targets) {
      console.log(`Loading nginx: ${target.path} …`);
      theirs.push(await measure(nginx.url, target));
    }
    await nginx.close();
    nginxNote =
      `nginx ${NGINX_PATH}: one worker, sendfile, serving the same precompressed ${nginx.encodings.join(' and ')} files.`;
  }

  const rows = targets.map((target, index) => {
    const mine = ours[index]!;
    const other = theirs[index];
    return [
      target.name,
      target.path,
      mine.load.requestsPerSecond.toFixed(0),
      ms(mine.load.p99Ms),
      body(mine),
      other ? other.load.requestsPerSecond.toFixed(0) : NO_VALUE,
      other ? ms(other.load.p99Ms) : NO_VALUE,
      other ? body(other) : NO_VALUE,
      other ? ratio(mine.load.requestsPerSecond, other.load.requestsPerSecond) : NO_VALUE,
      other ? ratio(mine.load.p99Ms, other.load.p99Ms) : NO_VALUE,
    ];
  });
  const headers = ['Target', 'Path', 'Ours req/s', 'Ours p99', 'Ours body', 'nginx req/s', 'nginx p99', 'nginx body'];
  console.log(`\n${formatTable([...headers, 'req/s ours/nginx', 'p99 ours/nginx'], rows)}\n`);
  const shape = `wrk -t${LOAD.threads} -c${LOAD.connections} -d${LOAD.seconds}s`;
  console.log(`${shape} --latency -H 'Accept-Encoding: gzip', loopback, after a 1 s warm-up.`);
  console.log(`${nginxNote}\n`);

  const summary: SummaryRow[] = [];
  targets.forEach((target, index) => {
    const label = index === 0 ? 'Page' : 'Asset';
    const mine = ours[index]!.load;
    const other = theirs[index]?.load;
    if (!other) {
      summary.push(...skipped(label, `skipped: nginx not installed at ${NGINX_PATH}`));
      return;
    }
    summary.push(
      [`${label} req/s ours/nginx`, ratio(mine.requestsPerSecond, other.requestsPerSecond),
        `${rate(mine.requestsPerSecond)} / ${rate(other.requestsPerSecond)} req/s, ${target.path}, ${shape}`],
      [`${label} p99 ours/nginx`, ratio(mine.p99Ms, other.p99Ms), `${ms(mine.p99Ms)} / ${ms(other.p99Ms)}`],
    );
  });

  const problems: string[] = [];
  const check = (server: string, measurements: Measurement[]) =>
    measurements.forEach((measurement, index) => {
      const path = targets[index]!.path;
      if (measurement.probe.status !== 200) problems.push(`${server} answered ${path} with ${measurement.probe.status}, not 200.`);
      if (measurement.load.failures > 0) {
        problems.push(`${server}: ${measurement.load.failures} of ${measurement.load.requests} requests to ${path} failed.`);
      }
    });
  check('Our server', ours);
  check('nginx', theirs);
  return { summary, problems };
}

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

async function benchContact(distDir: string, workDir: string): Promise<Section> {
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
    headers: method === 'POST' ? JSON_HEADERS : LOAD.headers,
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
    `Durability: PRAGMA synchronous = ${synchronous} on the connections server/db.ts opens (synchronous belongs to a ` +
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
    'Per-address limit lifted (contactPerTenMinutes 1e9): all requests come from 127.0.0.1. Cron jobs off.\n' +
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

async function main(): Promise<number> {
  stopEverythingOnExit(15 * 60_000, 'The benchmark');
  const started = performance.now();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-'));
  // Asynchronous, so that tsx's signal relay still hears from this process while the files go.
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  const outDir = join(workDir, 'dist');

  const builds = await benchBuild(outDir, join(workDir, 'cache'));
  const servers = await benchServers(outDir);
  const contact = await benchContact(outDir, workDir);

  const summary = [...servers.summary, ...contact.summary, ...builds.summary];
  console.log(`Summary (${new Date().toISOString().slice(0, 10)}, ${((performance.now() - started) / 1000).toFixed(0)} s, loopback):\n`);
  console.log(`${formatTable(['Measure', 'Ratio/value', 'From'], summary)}\n`);

  const problems = [...builds.problems, ...servers.problems, ...contact.problems];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) console.error('The figures above are not trustworthy until these are fixed.');
  return problems.length === 0 ? 0 : 1;
}

await runMain(main);
