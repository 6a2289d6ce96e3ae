// `npm run bench -- --peers DIR` (or PEERS_DIR): our site against the peers in DIR
// (set up as their README says), in the same run on the same machine, where only ratios hold:
// - the build against the Eleventy peer's 1,000 city pages: whole processes (start-up included),
//   interleaved, median of RUNS, once into an empty folder and once into the previous output;
// - the build at 10,000 synthetic places against 1,000 (scripts/lib/synthetic-places.ts), and the
//   server's memory with each held;
// - every template of ours against the Astro peer's home page: Lighthouse 12 mobile through the
//   peers' own measure.mjs, median of RUNS good runs (a run Lighthouse could not finish is
//   left out and its page measured again).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstRoutePerTemplate, readRoutes } from './routes.ts';
import { ratio, type Section, type SummaryRow } from './bench-format.ts';
import { CHROMIUM_PATH } from './chromium.ts';
import { REPO_ROOT } from './repo.ts';
import { serveSiteInProcess } from './site.ts';
import { writeSyntheticData } from './synthetic-places.ts';
import { formatTable, NO_VALUE, type Cell } from './table.ts';

const RUNS = 3;
const MAX_RSS = join(REPO_ROOT, 'scripts/lib/max-rss.cjs');

interface ProcessRun {
  ms: number;
  /** Peak resident memory of the largest Node process of the command, MiB. */
  peakMiB: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Runs a command to its end as a whole process and measures its wall time and peak memory. */
function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): ProcessRun {
  const rssFile = join(tmpdir(), `max-rss-${process.pid}`);
  rmSync(rssFile, { force: true });
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env, MAX_RSS_FILE: rssFile, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${MAX_RSS}`.trim() },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  const peaks = existsSync(rssFile) ? readFileSync(rssFile, 'utf8').trim().split('\n').map(Number) : [0];
  rmSync(rssFile, { force: true });
  return { ms, peakMiB: Math.max(...peaks) / 1024 };
}

const ourBuild = (outDir: string, dataDir?: string) =>
  timed(process.execPath, ['build/launch.mjs', '--out', outDir, ...(dataDir ? ['--data', dataDir] : [])], REPO_ROOT);

const pagesIn = async (distDir: string) => (await readRoutes(distDir)).length;
const perPage = (run: ProcessRun, pages: number) => run.ms / pages;
const fmt = (value: number, digits = 2) => value.toFixed(digits);

export function eleventyCommand(peersDir: string): string | null {
  const command = join(peersDir, 'eleventy-cities/node_modules/@11ty/eleventy/cmd.cjs');
  return existsSync(command) ? command : null;
}

export async function benchBuildAgainstEleventy(peersDir: string, workDir: string): Promise<Section> {
  const command = eleventyCommand(peersDir);
  const label = (what: string) => `Build ms/page ours/Eleventy, ${what}`;
  if (!command) {
    const why = `skipped: ${peersDir}/eleventy-cities is not set up (npm run setup there)`;
    console.log(`The Eleventy peer is not set up in ${peersDir}; run "npm run setup" there.\n`);
    return { summary: [[label('empty folder'), NO_VALUE, why]], problems: [] };
  }
  const eleventyDir = join(peersDir, 'eleventy-cities');
  const eleventyDist = join(eleventyDir, 'dist');
  const outDir = join(workDir, 'peer-build');
  const eleventy = () => timed(process.execPath, [command, '--quiet'], eleventyDir);
  const eleventyPages = () => readdirSync(join(eleventyDist, 'schluesseldienst')).length;
  const runs: Record<'ours' | 'eleventy', Record<'clean' | 'again', ProcessRun[]>> = { ours: { clean: [], again: [] }, eleventy: { clean: [], again: [] } };
  console.log(`Building ours and the Eleventy peer ${RUNS} times each, interleaved, into empty folders (images cached), then ${RUNS} times each into their previous output …`);
  for (const kind of ['clean', 'again'] as const) {
    for (let run = 0; run < RUNS; run += 1) {
      if (kind === 'clean') rmSync(outDir, { recursive: true, force: true });
      runs.ours[kind].push(ourBuild(outDir));
      if (kind === 'clean') rmSync(eleventyDist, { recursive: true, force: true });
      runs.eleventy[kind].push(eleventy());
    }
  }
  const pages = { ours: await pagesIn(outDir), eleventy: eleventyPages() };
  const rows: Cell[][] = [];
  const summary: SummaryRow[] = [];
  for (const kind of ['clean', 'again'] as const) {
    const what = kind === 'clean' ? 'empty folder' : 'previous output kept';
    const mine = median(runs.ours[kind].map((run) => perPage(run, pages.ours)));
    const theirs = median(runs.eleventy[kind].map((run) => perPage(run, pages.eleventy)));
    const mineMiB = median(runs.ours[kind].map((run) => run.peakMiB));
    const theirsMiB = median(runs.eleventy[kind].map((run) => run.peakMiB));
    rows.push([what, pages.ours, fmt(median(runs.ours[kind].map((run) => run.ms)) / 1000) + ' s', fmt(mine), fmt(mineMiB, 0), pages.eleventy, fmt(median(runs.eleventy[kind].map((run) => run.ms)) / 1000) + ' s', fmt(theirs), fmt(theirsMiB, 0), ratio(mine, theirs)]);
    summary.push([label(what), ratio(mine, theirs), `${fmt(mine)} / ${fmt(theirs)} ms a page, median of ${RUNS} whole processes (goal ≤ 0.50×)`]);
    summary.push([`Build peak memory ours/Eleventy, ${what}`, ratio(mineMiB, theirsMiB), `${fmt(mineMiB, 0)} / ${fmt(theirsMiB, 0)} MiB`]);
  }
  const headers = ['Build', 'Ours pages', 'Ours wall', 'ms/page', 'MiB', 'Eleventy pages', 'Eleventy wall', 'ms/page', 'MiB', 'ms/page ours/Eleventy'];
  console.log(`\n${formatTable(headers, rows)}\n`);
  console.log('Ours: node build/launch.mjs (what npm run build runs); Eleventy: node node_modules/@11ty/eleventy/cmd.cjs --quiet (what its npm run build runs). Ours also writes a brotli copy of every page.\n');
  return { summary, problems: [] };
}

/** VmRSS of a running process, MiB. */
function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function serverMemory(distDir: string): Promise<number> {
  const site = await serveSiteInProcess(distDir);
  try {
    await fetch(`${site.url}/`, { headers: { 'Accept-Encoding': 'br' } }).then((response) => response.arrayBuffer());
    return residentMiB(site.pid);
  } finally {
    await site.close();
  }
}

export async function benchScale(workDir: string, places = 10_000): Promise<Section> {
  console.log(`Generating ${places.toLocaleString('en')} synthetic places (scripts/lib/synthetic-places.ts) and building them against the real data …`);
  const dataDir = join(workDir, 'synthetic-data');
  writeSyntheticData(join(REPO_ROOT, 'data'), dataDir, places);
  const small = join(workDir, 'scale-small');
  const large = join(workDir, 'scale-large');
  rmSync(small, { recursive: true, force: true });
  rmSync(large, { recursive: true, force: true });
  const smallRun = ourBuild(small);
  const largeRun = ourBuild(large, dataDir);
  const pages = { small: await pagesIn(small), large: await pagesIn(large) };
  const memory = { small: await serverMemory(small), large: await serverMemory(large) };
  const rows = [
    ['real data', pages.small, fmt(smallRun.ms / 1000) + ' s', fmt(perPage(smallRun, pages.small)), fmt(smallRun.peakMiB, 0), fmt(memory.small, 0)],
    ['synthetic', pages.large, fmt(largeRun.ms / 1000) + ' s', fmt(perPage(largeRun, pages.large)), fmt(largeRun.peakMiB, 0), fmt(memory.large, 0)],
  ];
  console.log(`\n${formatTable(['Data', 'Pages', 'Build wall', 'ms/page', 'Build MiB', 'Server MiB'], rows)}\n`);
  console.log('Both builds into an empty folder with images cached. Server: server/main.ts holding every file of dist/ in memory (a page in its brotli form only), resident size after one request.\n');
  return {
    summary: [
      [`Build ms/page ${pages.large}/${pages.small} pages`, ratio(perPage(largeRun, pages.large), perPage(smallRun, pages.small)), `${fmt(perPage(largeRun, pages.large))} / ${fmt(perPage(smallRun, pages.small))} ms (goal ≤ 1.10×)`],
      [`Build peak memory ${pages.large}/${pages.small} pages`, ratio(largeRun.peakMiB, smallRun.peakMiB), `${fmt(largeRun.peakMiB, 0)} / ${fmt(smallRun.peakMiB, 0)} MiB (goal ≤ 1.10×)`],
      [`Server memory, ${pages.large} / ${pages.small} pages`, `${fmt(memory.large, 0)} MiB`, `${fmt(memory.small, 0)} MiB with ${pages.small}`],
    ],
    problems: [],
  };
}

/** One Lighthouse run as the peers' measure.mjs records it (the fields used here). */
interface LighthouseRun extends LighthouseMedian {
  /** Lighthouse's runtime error (NO_NAVSTART, …); such a run has no timings. */
  runtimeError: string | null;
}

type MeasuredSites = Record<string, { runs: LighthouseRun[] }>;

/** How measure.mjs names the `index`th of `count` pages of ours in its results. */
function oursKey(index: number, count: number): string {
  return count === 1 ? 'ours' : `ours${index + 1}`;
}

/** Runs measure.mjs on `urls` against the Astro home, `runs` times each; its sites, or its exit status. */
function measureAgainstAstro(peersDir: string, urls: string[], runs: number, resultsFile: string, build: boolean): MeasuredSites | number {
  const result = spawnSync(process.execPath, ['measure.mjs', '--only', 'astro', '--runs', String(runs), ...(build ? [] : ['--no-build']), '--ours', urls.join(',')], {
    cwd: peersDir,
    env: { ...process.env, PEERS_RESULTS: resultsFile, CHROME_PATH: process.env.CHROME_PATH ?? CHROMIUM_PATH },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) return result.status ?? 1;
  return (JSON.parse(readFileSync(resultsFile, 'utf8')) as { sites: MeasuredSites }).sites;
}

function valid(runs: LighthouseRun[]): LighthouseRun[] {
  return runs.filter((run) => run.runtimeError === null);
}

/** The median of every metric over `runs` (at least one). */
function medianRun(runs: LighthouseRun[]): LighthouseMedian {
  const of = (key: keyof LighthouseMedian) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    totalByteWeight: of('totalByteWeight'),
    requests: of('requests'),
  };
}

interface LighthouseMedian {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalByteWeight: number;
  requests: number;
}

export async function benchTemplatesAgainstAstro(peersDir: string, distDir: string, workDir: string): Promise<Section> {
  const label = 'FCP/LCP ours/Astro, slowest template';
  if (!existsSync(join(peersDir, 'astro/node_modules')) || !existsSync(join(peersDir, 'node_modules/lighthouse'))) {
    const why = `skipped: ${peersDir} is not set up (npm run setup there)`;
    console.log(`The Astro peer is not set up in ${peersDir}; run "npm run setup" there.\n`);
    return { summary: [[label, NO_VALUE, why]], problems: [] };
  }
  const routes = firstRoutePerTemplate(await readRoutes(distDir));
  const site = await serveSiteInProcess(distDir);
  const resultsFile = join(workDir, 'peers-results.json');
  const measureFailed = (status: number): Section => ({ summary: [[label, NO_VALUE, `measure.mjs failed (${status})`]], problems: [`${peersDir}/measure.mjs exited with ${status}.`] });
  let astroRuns: LighthouseRun[];
  const ourRuns: LighthouseRun[][] = [];
  const notes: string[] = [];
  try {
    const urls = routes.map((route) => new URL(route.path, site.url).href);
    console.log(`Lighthouse on ${routes.length} templates of ours and the Astro home page, ${RUNS} runs each, interleaved (the peers' measure.mjs) …`);
    const first = measureAgainstAstro(peersDir, urls, RUNS, resultsFile, true);
    if (typeof first === 'number') return measureFailed(first);
    astroRuns = valid(first.astro!.runs);
    routes.forEach((_, index) => ourRuns.push(valid(first[oursKey(index, routes.length)]!.runs)));
    // A Lighthouse run that failed (NO_NAVSTART now and then on this machine) has no timings and
    // scores 0: it is left out, and the pages it hit are measured once more, again interleaved with
    // the Astro peer, so that each median is of RUNS good runs.
    const short = routes.flatMap((_, index) => (ourRuns[index]!.length < RUNS ? [index] : []));
    const astroShort = astroRuns.length < RUNS;
    if (short.length > 0 || astroShort) {
      const missing = Math.max(RUNS - astroRuns.length, ...short.map((index) => RUNS - ourRuns[index]!.length));
      const again = short.length > 0 ? short : [0];
      console.log(`${RUNS * (routes.length + 1) - astroRuns.length - ourRuns.reduce((sum, runs) => sum + runs.length, 0)} Lighthouse run(s) failed; measuring ${again.map((index) => routes[index]!.path).join(', ')}${astroShort ? ' and the Astro home' : ''} ${missing} more time(s) …`);
      const retry = measureAgainstAstro(peersDir, again.map((index) => urls[index]!), missing, resultsFile, false);
      if (typeof retry === 'number') return measureFailed(retry);
      const retried = (position: number) => valid(retry[oursKey(position, again.length)]!.runs);
      again.forEach((index, position) => {
        if (short.includes(index)) ourRuns[index] = [...ourRuns[index]!, ...retried(position)].slice(0, RUNS);
      });
      if (astroShort) astroRuns = [...astroRuns, ...valid(retry.astro!.runs)].slice(0, RUNS);
      notes.push(`Medians of good runs only; runs measured again: ${again.map((index) => routes[index]!.path).join(', ')}${astroShort ? ', the Astro home' : ''}.`);
    }
  } finally {
    await site.close();
  }
  const astro = medianRun(astroRuns);
  const ours = routes.map((route, index) => ({ route, median: medianRun(ourRuns[index]!) }));
  for (const [index, runs] of ourRuns.entries()) if (runs.length < RUNS) notes.push(`${routes[index]!.path}: ${runs.length} good run(s) of ${RUNS}.`);
  if (astroRuns.length < RUNS) notes.push(`Astro home: ${astroRuns.length} good run(s) of ${RUNS}.`);
  const scores = (m: LighthouseMedian) => [m.performance, m.accessibility, m.bestPractices, m.seo].join('/');
  const rows: Cell[][] = ours.map(({ route, median: m }) => [
    `${route.template}${route.indexable ? '' : ' (noindex)'}`,
    route.path,
    fmt(m.fcpMs, 0),
    fmt(m.lcpMs, 0),
    fmt(m.tbtMs, 0),
    fmt(m.cls, 3),
    fmt(m.totalByteWeight / 1024, 1),
    m.requests,
    scores(m),
    ratio(m.fcpMs, astro.fcpMs),
    ratio(m.lcpMs, astro.lcpMs),
  ]);
  rows.push(['Astro peer (home)', '/', fmt(astro.fcpMs, 0), fmt(astro.lcpMs, 0), fmt(astro.tbtMs, 0), fmt(astro.cls, 3), fmt(astro.totalByteWeight / 1024, 1), astro.requests, scores(astro), NO_VALUE, NO_VALUE]);
  console.log(`\n${formatTable(['Template', 'Path', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'KiB', 'Requests', 'Scores', 'FCP ours/Astro', 'LCP ours/Astro'], rows)}\n`);
  for (const note of notes) console.log(note);
  if (notes.length > 0) console.log('');
  const worst = (key: 'fcpMs' | 'lcpMs' | 'tbtMs') => ours.reduce((a, b) => (b.median[key] > a.median[key] ? b : a));
  const atOrBelow = ours.filter(({ median: m }) => m.fcpMs <= astro.fcpMs && m.lcpMs <= astro.lcpMs).length;
  const home = ours.find(({ route }) => route.path === '/');
  // A page outside the index scores SEO 63 by design ("Page is blocked from indexing"), as in the audit.
  const problems = ours.flatMap(({ route, median: m }) =>
    [m.performance, m.accessibility, m.bestPractices, ...(route.indexable ? [m.seo] : [])].every((score) => score === 100) && m.cls === 0 ? [] : [`${route.template} (${route.path}): ${scores(m)}, CLS ${m.cls}.`],
  );
  return {
    summary: [
      ['FCP ours/Astro, slowest template', ratio(worst('fcpMs').median.fcpMs, astro.fcpMs), `${worst('fcpMs').route.template}: ${fmt(worst('fcpMs').median.fcpMs, 0)} / ${fmt(astro.fcpMs, 0)} ms (goal ≤ 1.00×)`],
      ['LCP ours/Astro, slowest template', ratio(worst('lcpMs').median.lcpMs, astro.lcpMs), `${worst('lcpMs').route.template}: ${fmt(worst('lcpMs').median.lcpMs, 0)} / ${fmt(astro.lcpMs, 0)} ms (goal ≤ 1.00×)`],
      ['Templates with FCP and LCP at or below Astro', `${atOrBelow} of ${ours.length}`, `goal: all`],
      ['TBT, highest template', `${fmt(worst('tbtMs').median.tbtMs, 0)} ms`, `${worst('tbtMs').route.template}; Astro home ${fmt(astro.tbtMs, 0)} ms (goal: no higher)`],
      ['Home bytes ours/Astro', home ? ratio(home.median.totalByteWeight, astro.totalByteWeight) : NO_VALUE, home ? `${fmt(home.median.totalByteWeight, 0)} / ${fmt(astro.totalByteWeight, 0)} bytes (goal ≤ 1.00×)` : NO_VALUE],
      ['Requests, most of any template', String(Math.max(...ours.map(({ median: m }) => m.requests))), `Astro home: ${astro.requests} (goal ≤ 3)`],
    ],
    problems,
  };
}
