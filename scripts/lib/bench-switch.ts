// The release switch of `npm run bench`: two releases of the site (built for two site addresses,
// so every page differs), the server in a process of its own on a link to one of them, and the
// link replaced as a build replaces it (build/release.ts), back and forth. Measured: how long after
// each switch the server answers from the new release (the goal: within 2 s), and the longest
// answer a client asking all the while got (the server reads the new release whole before it
// swaps, and requests wait meanwhile), and any failed answer.
import { mkdirSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { build } from '../../build/pipeline.ts';
import { pointAt } from '../../build/release.ts';
import { ms, type Section } from './bench-format.ts';
import { serveSiteInProcess } from './site.ts';
import { formatTable } from './table.ts';

const SWITCHES = 6;
const GOAL_MS = 2_000;
const GIVE_UP_MS = 30_000;
const ORIGINS = ['https://a.example', 'https://b.example'] as const;

/** GET / without compression: its status and body. */
function home(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(`${url}/`, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

export async function benchSwitch(workDir: string, cacheDir: string): Promise<Section> {
  console.log(`Release switch: two releases, the link switched ${SWITCHES} times under a server in its own process, GET / all the while …`);
  const root = join(workDir, 'switch');
  const folder = join(root, 'releases');
  mkdirSync(folder, { recursive: true });
  for (const [index, siteUrl] of ORIGINS.entries()) await build({ outDir: join(folder, String(index)), cacheDir, siteUrl, quiet: true });
  pointAt(join(folder, 'current'), '0');
  pointAt(join(root, 'dist'), 'releases/current');
  const site = await serveSiteInProcess(join(root, 'dist'));
  const problems: string[] = [];
  const switches: number[] = [];
  let longest = 0;
  let answers = 0;
  try {
    for (let turn = 1; turn <= SWITCHES; turn += 1) {
      const index = turn % 2;
      pointAt(join(folder, 'current'), String(index));
      const switched = performance.now();
      for (;;) {
        const asked = performance.now();
        const answer = await home(site.url);
        longest = Math.max(longest, performance.now() - asked);
        answers += 1;
        if (answer.status !== 200) problems.push(`GET / answered ${answer.status} during a switch.`);
        if (answer.body.includes(`${ORIGINS[index]}/`)) break;
        if (performance.now() - switched > GIVE_UP_MS) throw new Error(`The server still served the old release ${GIVE_UP_MS / 1000} s after the switch.`);
      }
      switches.push(performance.now() - switched);
    }
  } finally {
    await site.close();
  }
  const sorted = [...switches].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const slowest = sorted[sorted.length - 1]!;
  if (slowest > GOAL_MS) problems.push(`A switch took ${ms(slowest)}, over the goal of ${ms(GOAL_MS)}.`);
  const rows = [
    ['switch to served', `${ms(median)} median, ${ms(slowest)} slowest`, `${SWITCHES} switches; goal ${ms(GOAL_MS)}`],
    ['longest answer meanwhile', ms(longest), `${answers} GET / in a row, none failed unless said below`],
  ];
  console.log(`\n${formatTable(['Release switch', 'Time', 'Note'], rows)}\n`);
  return {
    summary: [
      ['Release switch, median/slowest', `${ms(median)} / ${ms(slowest)}`, `from the link's rename to the first answer from the new release; goal ${ms(GOAL_MS)}`],
      ['Longest answer during a switch', ms(longest), `${answers} GET / while the server read the new release`],
    ],
    problems,
  };
}
