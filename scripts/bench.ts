// `npm run bench`: build throughput, static-file throughput of our server next to a plain nginx,
// contact API throughput with durable writes, the event streams at their bound, and the switch of
// the running server to a new release (`-- switch` alone) and publishing from the owner's console
// (`-- publish` alone), guessing the owner's password (`-- login` alone), a flood of contact
// messages from random addresses (`-- flood` alone), ending in one table of
// ratios. With `--peers DIR` (or PEERS_DIR), also ours
// against the Astro and Eleventy peers (scripts/lib/bench-peers.ts).
// Figures, not assertions: timing never goes into `npm test`.
import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from '../build/pipeline.ts';
import { onCleanup, runMain, stopEverythingOnExit } from './lib/cleanup.ts';
import { benchContact } from './lib/bench-contact.ts';
import { benchBuildAgainstEleventy, benchScale, benchTemplatesAgainstAstro } from './lib/bench-peers.ts';
import { benchStreams } from './lib/bench-streams.ts';
import { benchSwitch } from './lib/bench-switch.ts';
import { benchPublish } from './lib/bench-publish.ts';
import { benchLogin } from './lib/bench-login.ts';
import { benchFlood } from './lib/bench-flood.ts';
import { GET_HEADERS, ms, rate, ratio, type Section, type SummaryRow } from './lib/bench-format.ts';
import { probe, type Probe } from './lib/http-probe.ts';
import { NGINX_PATH, nginxInstalled, startNginx } from './lib/nginx.ts';
import { serveSiteInProcess } from './lib/site.ts';
import { NO_VALUE, formatBytes, formatTable, type Cell } from './lib/table.ts';
import { WRK_PATH, runWrk, wrkInstalled, type WrkResult } from './lib/wrk.ts';

const LOAD = { threads: 2, connections: 50, seconds: 5, headers: GET_HEADERS };
const WARM_UP = { ...LOAD, seconds: 1 };

interface Target {
  name: string;
  path: string;
}

interface Measurement {
  probe: Probe;
  load: WrkResult;
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

/** The peers' folder (the Astro and Eleventy builds beside the checkout) from `--peers DIR` or PEERS_DIR, if given. */
function peersFolder(): string | undefined {
  const at = process.argv.indexOf('--peers');
  const dir = at !== -1 ? process.argv[at + 1] : process.env.PEERS_DIR;
  return dir ? resolve(dir) : undefined;
}

/** Ours against the peers: every template against the Astro home, the build against Eleventy and at 10,000 places. */
async function benchPeers(peersDir: string, distDir: string, workDir: string): Promise<Section> {
  const sections = [
    await benchTemplatesAgainstAstro(peersDir, distDir, workDir),
    await benchBuildAgainstEleventy(peersDir, workDir),
    await benchScale(workDir),
  ];
  return { summary: sections.flatMap((section) => section.summary), problems: sections.flatMap((section) => section.problems) };
}

async function main(): Promise<number> {
  stopEverythingOnExit(15 * 60_000, 'The benchmark');
  const started = performance.now();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-'));
  // Asynchronous, so that tsx's signal relay still hears from this process while the files go.
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  const outDir = join(workDir, 'dist');

  const peersDir = peersFolder();
  // `npm run bench -- peers --peers DIR` measures only against the peers (after one build).
  if (process.argv.includes('peers')) {
    if (!peersDir) {
      console.error('Name the peers folder: npm run bench -- peers --peers DIR (or PEERS_DIR).');
      return 1;
    }
    await build({ outDir, cacheDir: join(workDir, 'cache'), quiet: true });
    const sections = await benchPeers(peersDir, outDir, workDir);
    console.log(`Summary (${new Date().toISOString().slice(0, 10)}, ${((performance.now() - started) / 1000).toFixed(0)} s):\n`);
    console.log(`${formatTable(['Measure', 'Ratio/value', 'From'], sections.summary)}\n`);
    for (const problem of sections.problems) console.error(problem);
    return sections.problems.length === 0 ? 0 : 1;
  }
  // `npm run bench -- switch` measures only the switch to a new release.
  if (process.argv.includes('switch')) {
    const switched = await benchSwitch(workDir, join(workDir, 'cache'));
    console.log(`${formatTable(['Measure', 'Ratio/value', 'From'], switched.summary)}\n`);
    for (const problem of switched.problems) console.error(problem);
    return switched.problems.length === 0 ? 0 : 1;
  }
  // `npm run bench -- publish` measures only publishing from the owner's console.
  if (process.argv.includes('publish')) {
    const published = await benchPublish(workDir);
    console.log(`${formatTable(['Measure', 'Ratio/value', 'From'], published.summary)}\n`);
    for (const problem of published.problems) console.error(problem);
    return published.problems.length === 0 ? 0 : 1;
  }
  // `npm run bench -- login` measures only guessing the owner's password (after one build).
  if (process.argv.includes('login')) {
    await build({ outDir, cacheDir: join(workDir, 'cache'), quiet: true });
    const login = await benchLogin(outDir);
    console.log(`${formatTable(['Measure', 'Ratio/value', 'From'], login.summary)}\n`);
    for (const problem of login.problems) console.error(problem);
    return login.problems.length === 0 ? 0 : 1;
  }
  // `npm run bench -- flood` measures only a flood of contact messages (after one build).
  if (process.argv.includes('flood')) {
    await build({ outDir, cacheDir: join(workDir, 'cache'), quiet: true });
    const flood = await benchFlood(outDir);
    console.log(`${formatTable(['Measure', 'Ratio/value', 'From'], flood.summary)}\n`);
    for (const problem of flood.problems) console.error(problem);
    return flood.problems.length === 0 ? 0 : 1;
  }
  // `npm run bench -- streams` measures only the event streams (after one build).
  if (process.argv.includes('streams')) {
    await build({ outDir, cacheDir: join(workDir, 'cache'), quiet: true });
    const streams = await benchStreams(outDir, workDir);
    console.log(`${formatTable(['Measure', 'Ratio/value', 'From'], streams.summary)}\n`);
    for (const problem of streams.problems) console.error(problem);
    return streams.problems.length === 0 ? 0 : 1;
  }
  const builds = await benchBuild(outDir, join(workDir, 'cache'));
  const servers = await benchServers(outDir);
  const contact = await benchContact(outDir, workDir);
  const streams = await benchStreams(outDir, workDir);
  const switched = await benchSwitch(workDir, join(workDir, 'cache'));
  const published = await benchPublish(workDir);
  const login = await benchLogin(outDir);
  const flood = await benchFlood(outDir);
  const peers: Section = peersDir ? await benchPeers(peersDir, outDir, workDir) : { summary: [], problems: [] };
  if (!peersDir) console.log('No peers folder given (--peers DIR or PEERS_DIR): the comparison with the Astro and Eleventy peers is skipped.\n');

  const summary = [...servers.summary, ...contact.summary, ...streams.summary, ...switched.summary, ...published.summary, ...login.summary, ...flood.summary, ...builds.summary, ...peers.summary];
  console.log(`Summary (${new Date().toISOString().slice(0, 10)}, ${((performance.now() - started) / 1000).toFixed(0)} s, loopback):\n`);
  console.log(`${formatTable(['Measure', 'Ratio/value', 'From'], summary)}\n`);

  const problems = [...builds.problems, ...servers.problems, ...contact.problems, ...streams.problems, ...switched.problems, ...published.problems, ...login.problems, ...flood.problems, ...peers.problems];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) console.error('The figures above are not trustworthy until these are fixed.');
  return problems.length === 0 ? 0 : 1;
}

await runMain(main);
