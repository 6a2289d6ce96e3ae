// Publishing from the owner's console in `npm run bench` (`-- publish` alone): the real server on a
// release layout of a git checkout of the data, as deployed. Three ways the owner changes what
// visitors read, each measured from sending the press until a visitor's GET /preise shows the
// price it should (the goal of each: 5 s on the 2-core machine), with GET /preise answered 200 all
// the while: "Veröffentlichen" with a current preview (the owner saved a price and looked at the
// preview first); "Veröffentlichen" without one (a price saved, published at once: the preview
// is built at the press, as after a developer's new release made it outdated); and "Rückgängig
// machen" of the last publish (git revert, then a build and the switch).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { dataVersion } from '../../server/content/site-build.ts';
import { startServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase } from '../../server/store/database.ts';
import { ms, type Section } from './bench-format.ts';
import { REPO_ROOT } from './repo.ts';
import { formatTable } from './table.ts';

const GOAL_MS = 5_000;
/** Each saved, previewed and published. */
const PRICES = ['79', '69', '79'] as const;
/** After them, each round saves this price, publishes it at once, then undoes that publish. */
const DIRECT_PRICE = '89';
const ROUNDS = 3;
const PASSWORD = 'Bench-Veroeffentlichen-42';
const FIELD = 'services.tuer-zugefallen.price';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** What /preise shows for the price of the door opening (its price at night, twice the day's). */
const shown = (price: string) => `sonst ${Number(price) * 2}`;

/** A checkout of the data with three releases built, as on a server that has run a while: the next build writes into the oldest. */
function deployment(root: string): (...args: string[]) => string {
  mkdirSync(root, { recursive: true });
  cpSync(join(REPO_ROOT, 'data'), join(root, 'data'), { recursive: true });
  writeFileSync(join(root, '.gitignore'), 'dist\nreleases/\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.invalid', ...args], { cwd: root, encoding: 'utf8' });
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'Start');
  for (let release = 0; release < 3; release += 1) execFileSync(process.execPath, ['build/launch.mjs', '--data', join(root, 'data'), '--dist', join(root, 'dist')], { cwd: REPO_ROOT, stdio: 'ignore' });
  return git;
}

function row(name: string, times: number[], note: string): [string, string, string] {
  return [name, `${ms(median(times))} median, ${ms(Math.max(...times))} slowest`, `${times.length} times; ${note}; goal ${ms(GOAL_MS)}`];
}

export async function benchPublish(workDir: string): Promise<Section> {
  console.log(`Publishing from the console: ${PRICES.length} prices saved, previewed and published; ${ROUNDS} saved and published at once, each undone …`);
  const root = join(workDir, 'publish');
  const git = deployment(root);
  const server = await startServer({ distDir: join(root, 'dist'), port: 0, host: '127.0.0.1', databasePath: join(root, 'site.db'), log: () => {}, features: { jobs: false, dataDir: join(root, 'data') } });
  const db = openDatabase(join(root, 'site.db'));
  storePasswordHash(db, await hashPassword(PASSWORD));
  db.close();
  const problems: string[] = [];
  const times = { published: [] as number[], previews: [] as number[], direct: [] as number[], undone: [] as number[] };
  let answers = 0;
  const loads: number[] = [];
  try {
    const login = await fetch(`${server.url}/intern/anmelden`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password: PASSWORD }), redirect: 'manual' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
    const post = (path: string, fields: Record<string, string>) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams(fields), redirect: 'manual' });
    const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
    const save = async (price: string) => post('/intern/inhalte/preise', { _version: hidden(await page('/intern/inhalte/preise'), '_version'), [FIELD]: price });
    /** From sending the press until a visitor's /preise shows `price`; the press answers with the history's redirect once done. */
    const pressed = async (press: () => Promise<Response>, price: string, what: string) => {
      const started = performance.now();
      const answer = press();
      for (;;) {
        const prices = await fetch(`${server.url}/preise`);
        answers += 1;
        if (prices.status !== 200) problems.push(`GET /preise answered ${prices.status} while publishing.`);
        if ((await prices.text()).includes(shown(price))) break;
        if (performance.now() - started > 60_000) throw new Error(`${what}: the price was not served 60 s after the press.`);
        // A visitor's pace, not a busy loop that takes the build's CPU: the result is 50 ms exact at worst.
        await new Promise((done) => setTimeout(done, 50));
      }
      const took = performance.now() - started;
      loads.push(loadavg()[0]!);
      const status = (await answer).status;
      if (status !== 303) problems.push(`${what} answered ${status}, not the redirect of a done publish.`);
      return took;
    };
    for (const price of PRICES) {
      await save(price);
      const previewStarted = performance.now();
      await post('/intern/vorschau', {});
      times.previews.push(performance.now() - previewStarted);
      const version = hidden(await page('/intern/vorschau'), 'stand');
      times.published.push(await pressed(() => post('/intern/vorschau/veroeffentlichen', { stand: version }), price, 'Publishing'));
    }
    const before = PRICES.at(-1)!;
    for (let round = 0; round < ROUNDS; round += 1) {
      await save(DIRECT_PRICE);
      // The version the publish form carries; no preview of it exists.
      const version = dataVersion(join(root, 'data'));
      times.direct.push(await pressed(() => post('/intern/vorschau/veroeffentlichen', { stand: version }), DIRECT_PRICE, 'Publishing without a preview'));
      const commit = git('rev-parse', 'HEAD').trim();
      times.undone.push(await pressed(() => post('/intern/inhalte/verlauf/rueckgaengig', { veroeffentlichung: commit }), before, 'Undo'));
    }
  } finally {
    await server.close();
  }
  for (const [what, list] of [['A publish', times.published], ['A publish without a preview', times.direct], ['An undo', times.undone]] as const) {
    if (Math.max(...list) > GOAL_MS) problems.push(`${what} took ${ms(Math.max(...list))}, over the goal of ${ms(GOAL_MS)}.`);
  }
  const load = `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
  const rows = [
    row('publish with a current preview', times.published, 'a price saved and previewed, then published'),
    row('publish without a current preview', times.direct, 'a price saved, published at once: built at the press'),
    row('undo', times.undone, 'the last publish undone: the old price served'),
    ['preview built', `${ms(median(times.previews))} median`, `the draft built into releases/preview; ${load} (1 min) at the presses`],
  ];
  console.log(`\n${formatTable(['Publishing', 'Time', 'Note'], rows)}\n`);
  return {
    summary: [
      ['Publish, press to served, median/slowest', `${ms(median(times.published))} / ${ms(Math.max(...times.published))}`, `a price saved and previewed, then published; ${answers} GET /preise in all; goal ${ms(GOAL_MS)}`],
      ['Publish without preview, median/slowest', `${ms(median(times.direct))} / ${ms(Math.max(...times.direct))}`, `a price saved, published at once; goal ${ms(GOAL_MS)}`],
      ['Undo, press to served, median/slowest', `${ms(median(times.undone))} / ${ms(Math.max(...times.undone))}`, `the old price served again; goal ${ms(GOAL_MS)}`],
      ['Preview build, median', ms(median(times.previews)), `the draft into releases/preview; ${load}`],
    ],
    problems,
  };
}
