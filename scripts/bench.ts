// `npm run bench`: build throughput, and static-file throughput of our server next to a plain nginx.
// Figures, not assertions: timing never goes into `npm test`.
import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../build/build.ts';
import { onCleanup, runMain, stopEverythingOnExit } from './lib/cleanup.ts';
import { probe, type Probe } from './lib/http-probe.ts';
import { NGINX_PATH, nginxInstalled, startNginx } from './lib/nginx.ts';
import { serveSite } from './lib/site.ts';
import { NO_VALUE, formatBytes, formatMs, formatTable, type Cell } from './lib/table.ts';
import { WRK_PATH, runWrk, wrkInstalled, type WrkResult } from './lib/wrk.ts';

// gzip, not br: both servers then send the same precompressed bytes (Debian's nginx has no
// brotli module unless libnginx-mod-http-brotli-static is installed), so the ratio is fair.
const LOAD = { threads: 2, connections: 50, seconds: 5, headers: { 'Accept-Encoding': 'gzip' } };
const WARM_UP = { ...LOAD, seconds: 1 };

interface Target {
  name: string;
  path: string;
}

interface Measurement {
  probe: Probe;
  load: WrkResult;
}

function rate(perSecond: number): string {
  return perSecond < 10 ? perSecond.toFixed(1) : perSecond.toFixed(0);
}

async function benchBuild(outDir: string, cacheDir: string): Promise<void> {
  console.log('Building the site twice into a temp dir: with an empty cache, then with its images cached …');
  const rows: Cell[][] = [];
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
    lastSteps = result.steps;
  }
  const headers = ['Build run', 'Pages', 'Images cached', 'Output', 'Wall time', 'Reported', 'Pages/s', 'ms/page'];
  console.log(`\n${formatTable(headers, rows)}\n`);
  // The aim: about 1,000 pages in under 3 s with images cached. Name where the time goes.
  const steps = Object.entries(lastSteps).sort((a, b) => b[1] - a[1]);
  console.log(`Cached build by step: ${steps.map(([name, seconds]) => `${name} ${seconds.toFixed(2)} s`).join(', ')}.`);
  if (steps[0]) console.log(`Slowest step: ${steps[0][0]} (${steps[0][1].toFixed(2)} s).\n`);
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

function ratio(ours: number, theirs: number): string {
  return `${(ours / theirs).toFixed(2)}×`;
}

function body(measurement: Measurement): string {
  return `${formatBytes(measurement.probe.bytes)} ${measurement.probe.encoding}`;
}

async function benchServers(distDir: string): Promise<string[]> {
  if (!wrkInstalled()) {
    console.log(`wrk is not installed at ${WRK_PATH}; skipping the server benchmarks (apt-get install wrk).`);
    return [];
  }
  const targets = [{ name: 'home page', path: '/' }, hashedAsset(distDir)].filter((t): t is Target => !!t);
  if (targets.length < 2) console.log('dist/assets/ holds no content-hashed CSS or JS; benchmarking the home page only.');

  const site = await serveSite(distDir);
  const stopSite = onCleanup(() => site.close());
  const ours: Measurement[] = [];
  for (const target of targets) {
    console.log(`Loading our server: ${target.path} (wrk -t${LOAD.threads} -c${LOAD.connections} -d${LOAD.seconds}s) …`);
    ours.push(await measure(site.url, target));
  }
  await stopSite();

  const theirs: Measurement[] = [];
  let nginxNote = `nginx is not installed at ${NGINX_PATH}; skipped the comparison.`;
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
      formatMs(mine.load.p99Ms),
      body(mine),
      other ? other.load.requestsPerSecond.toFixed(0) : NO_VALUE,
      other ? formatMs(other.load.p99Ms) : NO_VALUE,
      other ? body(other) : NO_VALUE,
      other ? ratio(mine.load.requestsPerSecond, other.load.requestsPerSecond) : NO_VALUE,
      other ? ratio(mine.load.p99Ms, other.load.p99Ms) : NO_VALUE,
    ];
  });
  const headers = ['Target', 'Path', 'Ours req/s', 'Ours p99', 'Ours body', 'nginx req/s', 'nginx p99', 'nginx body'];
  console.log(`\n${formatTable([...headers, 'req/s ours/nginx', 'p99 ours/nginx'], rows)}\n`);
  console.log(`wrk -t${LOAD.threads} -c${LOAD.connections} -d${LOAD.seconds}s --latency -H 'Accept-Encoding: gzip', loopback, after a 1 s warm-up.`);
  console.log(nginxNote);

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
  return problems;
}

async function main(): Promise<number> {
  stopEverythingOnExit(15 * 60_000, 'The benchmark');
  const workDir = mkdtempSync(join(tmpdir(), 'bench-'));
  // Asynchronous, so that tsx's signal relay still hears from this process while the files go.
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  const outDir = join(workDir, 'dist');

  await benchBuild(outDir, join(workDir, 'cache'));
  const problems = await benchServers(outDir);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) console.error('The figures above are not trustworthy until these are fixed.');
  return problems.length === 0 ? 0 : 1;
}

await runMain(main);
