// The owner and a developer meet in git (docs/deployment.md, "Updating" and "The owner's commits and a
// developer's"; docs/decisions.md, "The owner's publishes are commits of the project's own checkout"): the
// server's checkout of a Git host's repository, the real server publishing from the console into
// it, a developer's clone that pulls the owner's commits from the server and pushes his own to the
// host, and `npm run update` (scripts/update.ts) on the server, which refuses while the owner has
// an unpublished save, rebases his publishes onto the repository's, aborts a conflict, builds, and
// goes back. As root it also runs the server's git and the developer's as two users, the server's
// under the unit's UMask=0077, to show that the documented shared-group setup is what lets the
// developer pull (and that without it he cannot).
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { escapeMarkup } from '../../core/escape.ts';
import { formatEuro } from '../../core/format.ts';
import { fillSlots } from '../../core/slots.ts';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import type { RunningServer } from '../../server/index.ts';
import type { Db } from '../../server/store/database.ts';
import { dataCheckout, type DataCheckout } from '../support/data-checkout.ts';
import { ROOT } from '../support/data-copy.ts';
import { startOwnerConsole } from '../support/owner-site.ts';
import { tempDir } from '../support/temp-dir.ts';

const PASSWORD = 'Entwickler-und-Inhaber-7';
const DOOR = 'services.tuer-zugefallen.price';
/** The safe's price line in data/prices.yaml, which the developer changes. */
const SAFE = /(id: tresoroeffnung\n(?:.*\n)*?    price: )(\d+)/;

let checkout: DataCheckout;
/** The server's checkout (as /srv/schluesseldienst), its Git host, the developer's clone. */
let server: string;
let host: string;
let developer: string;
let site: RunningServer;
let db: Db;
let cookie: string;
let words: ReturnType<typeof consoleWordsSchema.parse>;
/** A home without a git configuration, as the service user's: no name, no e-mail. */
let serviceHome: string;

// git's messages go into the error a failed command throws, not into the test's output.
const gitIn = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Entwickler', '-c', 'user.email=dev@example.invalid', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const dev = (...args: string[]) => gitIn(developer, ...args);
const onServer = (...args: string[]) => execFileSync('git', args, { cwd: server, encoding: 'utf8' });
const subjects = (range = 'HEAD') => onServer('log', '--format=%an|%s', range).trim().split('\n');

/** `npm run update` on the server, as the service user runs it. */
function update(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, HOME: serviceHome, GIT_CONFIG_NOSYSTEM: '1', BUILD_WORKERS: '0' };
    execFile(process.execPath, ['--import', 'tsx', 'scripts/update.ts', '--checkout', server, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 240_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  checkout = dataCheckout();
  server = checkout.repo;
  words = consoleWordsSchema.parse(parse(checkout.data.read('console.yaml')));
  const dir = tempDir('owner-developer-git-');
  serviceHome = join(dir, 'service-home');
  mkdirSync(serviceHome);
  // The Git host; the server's checkout is a clone of it (docs/deployment.md, step 3).
  host = join(dir, 'host.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', host]);
  onServer('remote', 'add', 'origin', host);
  onServer('push', '--quiet', '--set-upstream', 'origin', 'main');
  developer = join(dir, 'developer');
  execFileSync('git', ['clone', '--quiet', host, developer]);
  ({ server: site, db, cookie } = await startOwnerConsole('owner-developer-git-', PASSWORD, { distDir: checkout.dist, data: checkout.data }));
}, 240_000);

afterAll(async () => {
  await site?.close();
  db?.close();
  checkout?.data.remove();
});

const page = async (path: string) => {
  const answer = await fetch(`${site.url}${path}`, { headers: { Cookie: cookie } });
  return { status: answer.status, html: await answer.text() };
};
const post = async (path: string, fields: Record<string, string> = {}) => {
  const answer = await fetch(`${site.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: answer.status, html: await answer.text(), location: answer.headers.get('location') };
};
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
/** Waits until the public page shows `text` (the server follows a new release within a second). */
async function served(path: string, text: string): Promise<boolean> {
  for (let tries = 0; tries < 40; tries++) {
    if ((await (await fetch(`${site.url}${path}`)).text()).includes(text)) return true;
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

async function saveDoorPrice(price: number) {
  const form = await page('/intern/inhalte/preise');
  const saved = await post('/intern/inhalte/preise', { _version: hidden(form.html, '_version'), [DOOR]: String(price) });
  expect(saved.status, saved.html).toBe(200);
}

/** Saves the door's price in the console, builds the preview and publishes it, as the owner does. */
async function publishDoorPrice(price: number) {
  await saveDoorPrice(price);
  const made = await post('/intern/vorschau');
  expect(made.status, made.html).toBe(303);
  const published = await post('/intern/vorschau/veroeffentlichen', { stand: hidden((await page('/intern/vorschau')).html, 'stand') });
  expect(published.status, published.html).toBe(303);
}

const doorChange = (from: number, to: number) => `Zugefallene Tür: ${formatEuro(from)} → ${formatEuro(to)}`;

describe('the owner publishes, the developer pulls and pushes, the server updates', () => {
  let ownerFirst = '';
  let safePrice = 0;

  it('an update with nothing new in the repository builds nothing', async () => {
    const result = await update('--plain');
    expect(result.status, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain('The repository had nothing new for this checkout; nothing to build.');
    expect(onServer('rev-parse', 'refs/before-update')).toBe(onServer('rev-parse', 'HEAD'));
  }, 120_000);

  it('the developer pulls the owner’s publish from the server’s checkout, with its author', async () => {
    await publishDoorPrice(79);
    ownerFirst = onServer('rev-parse', 'HEAD').trim();
    expect(subjects()[0]).toBe(`Inhaber (Konsole)|${doorChange(69, 79)}`);
    // The server's path stands for ssh://<server>/srv/schluesseldienst.
    dev('pull', '--quiet', '--rebase', server, 'main');
    expect(dev('log', '-1', '--format=%H|%an|%s').trim()).toBe(`${ownerFirst}|Inhaber (Konsole)|${doorChange(69, 79)}`);
  }, 180_000);

  it('the developer commits to data/ and to code and pushes to the Git host; the owner publishes again meanwhile', async () => {
    const prices = join(developer, 'data', 'prices.yaml');
    const text = execFileSync('cat', [prices], { encoding: 'utf8' });
    safePrice = Number(SAFE.exec(text)![2]) + 20;
    writeFileSync(prices, text.replace(SAFE, `$1${safePrice}`));
    dev('commit', '--quiet', '-am', 'Tresoröffnung teurer');
    mkdirSync(join(developer, 'server'));
    writeFileSync(join(developer, 'server', 'greeting.ts'), 'export const greeting = 1;\n');
    dev('add', 'server');
    dev('commit', '--quiet', '-m', 'A module of the server');
    dev('push', '--quiet', 'origin', 'main');
    // Not into the server's checkout: git refuses a push into its checked-out branch.
    expect(() => dev('push', '--quiet', server, 'main')).toThrow(/refusing to update checked out branch/);
    await publishDoorPrice(89);
    expect(subjects().slice(0, 2)).toEqual([`Inhaber (Konsole)|${doorChange(79, 89)}`, `Inhaber (Konsole)|${doorChange(69, 79)}`]);
  }, 180_000);

  it('npm run update rebases the owner’s new publish onto the developer’s commits, builds, and says to restart for the server’s code', async () => {
    const before = onServer('rev-parse', 'HEAD').trim();
    const result = await update('--plain');
    expect(result.status, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain(`Before the update: ${before.slice(0, 7)}`);
    expect(result.stdout).toMatch(/restart it now, "sudo systemctl restart schluesseldienst"/);
    expect(result.stdout).toContain('server/greeting.ts');
    expect(subjects()).toEqual([
      `Inhaber (Konsole)|${doorChange(79, 89)}`,
      'Entwickler|A module of the server',
      'Entwickler|Tresoröffnung teurer',
      `Inhaber (Konsole)|${doorChange(69, 79)}`,
      'Entwickler|Start',
    ]);
    // The host's commits are kept as they were (the owner's first publish with its hash), the owner's new one on top.
    expect(onServer('rev-parse', 'HEAD~3').trim()).toBe(ownerFirst);
    expect(onServer('merge-base', '--is-ancestor', 'origin/main', 'HEAD')).toBe('');
    expect(onServer('rev-parse', 'refs/before-update').trim()).toBe(before);
    expect(onServer('status', '--porcelain')).toBe('');
    // The update's build serves both: the developer's price and the owner's.
    expect(await served('/preise', formatEuro(safePrice))).toBe(true);
    expect(await served('/preise', 'sonst 178')).toBe(true);
  }, 400_000);

  it('goes back to the commit before the update and forward again', async () => {
    const updated = onServer('rev-parse', 'HEAD').trim();
    const before = onServer('rev-parse', 'refs/before-update').trim();
    const back = await update('--back');
    expect(back.status, back.stderr + back.stdout).toBe(0);
    expect(back.stdout).toContain(`The code is back at ${before.slice(0, 7)}`);
    expect(back.stdout).toContain('"npm run rollback"');
    expect(onServer('rev-parse', 'HEAD').trim()).toBe(before);
    expect(existsSync(join(server, 'server', 'greeting.ts'))).toBe(false);
    const again = await update('--plain');
    expect(again.status, again.stderr + again.stdout).toBe(0);
    // The same commits again (a rebase of the same commits onto the same base at another second
    // may differ only in the committer's time).
    expect(onServer('rev-parse', 'HEAD^').trim()).toBe(onServer('rev-parse', `${updated}^`).trim());
    expect(onServer('show', '--format=', 'HEAD')).toBe(onServer('show', '--format=', updated));
  }, 400_000);

  it('the console’s history lists the owner’s publishes and the developer’s data commit, each with its author, not the code commit', async () => {
    const history = (await page('/intern/inhalte/verlauf')).html;
    const headings = [...history.matchAll(/<h2>([^<]*)<\/h2>\s*<p>([^<]*)<\/p>(?:<details><summary>[^<]*<\/summary><p lang="en">([^<]*)<\/p>)?/g)].map(
      ([, heading, when, own]) => `${own === undefined ? heading : `${heading}: ${own}`}|${/von (.*)$/.exec(when!)?.[1]}`,
    );
    expect(headings.slice(0, 3)).toEqual([
      `${escapeMarkup(doorChange(79, 89))}|Inhaber (Konsole)`,
      `${words.history.byTechnician}: Tresoröffnung teurer|Entwickler`,
      `${escapeMarkup(doorChange(69, 79))}|Inhaber (Konsole)`,
    ]);
    expect(history).not.toContain('A module of the server');
    expect(history).toContain(escapeMarkup(`Tresoröffnung: ${formatEuro(safePrice - 20)} → ${formatEuro(safePrice)}`));
  });

  it('undoes the owner’s rebased publish on top of the developer’s commits, keeping the developer’s change', async () => {
    const commit = onServer('rev-parse', 'HEAD').trim();
    expect((await page('/intern/inhalte/verlauf')).html).toContain(`value="${commit}"`);
    const undone = await post('/intern/inhalte/verlauf/rueckgaengig', { veroeffentlichung: commit });
    expect(undone.status, undone.html).toBe(303);
    expect(subjects()[0]).toBe(`Inhaber (Konsole)|${fillSlots(words.history.undoMessage, { subject: doorChange(79, 89) })}`);
    expect(await served('/preise', 'sonst 158')).toBe(true);
    expect(await served('/preise', formatEuro(safePrice))).toBe(true);
    expect(onServer('status', '--porcelain')).toBe('');
  }, 180_000);

  it('refuses to go back when the owner published since the update, naming the publish and changing nothing', async () => {
    const head = onServer('rev-parse', 'HEAD').trim();
    const back = await update('--back');
    expect(back.status).toBe(1);
    expect(back.stderr).toContain('Going back refused: the owner published since the update');
    expect(back.stderr).toContain(fillSlots(words.history.undoMessage, { subject: doorChange(79, 89) }));
    expect(onServer('rev-parse', 'HEAD').trim()).toBe(head);
  }, 120_000);

  it('refuses to update while the owner has an unpublished save, and changes nothing: not the draft, not the commits', async () => {
    writeFileSync(join(developer, 'README.md'), 'Neu\n');
    dev('add', 'README.md');
    dev('commit', '--quiet', '-m', 'Readme');
    dev('push', '--quiet', 'origin', 'main');
    await saveDoorPrice(99);
    const draft = checkout.data.read('prices.yaml');
    const [head, recorded] = [onServer('rev-parse', 'HEAD'), onServer('rev-parse', 'refs/before-update')];
    for (const args of [[], ['--back']]) {
      const refused = await update(...args);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/refused: the owner saved changes in the console that are not published yet:\n {2}data\/prices\.yaml\n/);
      expect(refused.stderr).toContain(`"${words.publish.makePreview}", then "${words.publish.publishButton}"`);
    }
    expect(checkout.data.read('prices.yaml')).toBe(draft);
    expect([onServer('rev-parse', 'HEAD'), onServer('rev-parse', 'refs/before-update')]).toEqual([head, recorded]);
    expect(onServer('status', '--porcelain')).toBe(' M data/prices.yaml\n');
    // Published, the update goes through.
    const made = await post('/intern/vorschau');
    expect(made.status, made.html).toBe(303);
    expect((await post('/intern/vorschau/veroeffentlichen', { stand: hidden((await page('/intern/vorschau')).html, 'stand') })).status).toBe(303);
    const result = await update('--plain');
    expect(result.status, result.stderr + result.stdout).toBe(0);
    // The owner's publishes the host lacks go on top of its new commit, in their order.
    expect(subjects().slice(0, 4)).toEqual([
      `Inhaber (Konsole)|${doorChange(79, 99)}`,
      `Inhaber (Konsole)|${fillSlots(words.history.undoMessage, { subject: doorChange(79, 89) })}`,
      `Inhaber (Konsole)|${doorChange(79, 89)}`,
      'Entwickler|Readme',
    ]);
    expect(result.stdout).toContain('no restart is needed');
  }, 400_000);

  it('aborts an update whose pull conflicts with the owner’s publishes, leaving the checkout as it was', async () => {
    // The developer changes the door's price without pulling the owner's last publish first.
    const prices = join(developer, 'data', 'prices.yaml');
    const text = execFileSync('cat', [prices], { encoding: 'utf8' });
    writeFileSync(prices, text.replace(/(id: tuer-zugefallen\n(?:.*\n)*?    price: )\d+/, '$1111'));
    dev('commit', '--quiet', '-am', 'Tür 111');
    dev('push', '--quiet', 'origin', 'main');
    const [head, file] = [onServer('rev-parse', 'HEAD'), checkout.data.read('prices.yaml')];
    const result = await update('--plain');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/The pull stopped on a conflict [^\n]*\n {2}data\/prices\.yaml\nIt was aborted/);
    expect(onServer('rev-parse', 'HEAD')).toBe(head);
    expect(checkout.data.read('prices.yaml')).toBe(file);
    expect(onServer('status', '--porcelain')).toBe('');
    expect(existsSync(join(server, '.git', 'rebase-merge')) || existsSync(join(server, '.git', 'rebase-apply'))).toBe(false);
  }, 120_000);
});

/** The server's user and group, and a developer in that group: ids no account of the machine needs. */
const SERVICE = { uid: 61001, gid: 61000 };
const DEVELOPER = { uid: 61002, gid: 61000 };
const asRoot = process.getuid?.() === 0;
/** Whether the service user can run this Node and read this checkout (a copy in a private temp folder cannot be). */
const serviceCanRun =
  asRoot && spawnSync('sh', ['-c', `test -x "${process.execPath}" && test -r "${join(ROOT, 'server', 'content', 'history.ts')}"`], { uid: SERVICE.uid, gid: SERVICE.gid }).status === 0;

describe.skipIf(!serviceCanRun)('a developer who is not the service user pulls from the server (needs root to run git as two users, and a checkout and Node other users can read)', () => {
  let dir: string;
  const as = (user: { uid: number; gid: number }, home: string, script: string, cwd = dir) =>
    execFileSync('sh', ['-c', script], { cwd, uid: user.uid, gid: user.gid, env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  /** The console's own commit (commitData of server/content/history.ts) as the service makes it: as its user, under the unit's UMask=0077. */
  function publishAsService(path: string, message: string) {
    const code = `const { commitData } = await import(${JSON.stringify(join(ROOT, 'server', 'content', 'history.ts'))}); await commitData(process.argv[1], process.argv[2]);`;
    as(SERVICE, dir, `umask 077 && exec "${process.execPath}" --import tsx --input-type=module -e '${code}' '${path}' '${message}'`, ROOT);
  }

  /** A server's checkout as docs/deployment.md makes it: cloned by hand, then the console's publish. */
  function serverCheckout(name: string, shared: boolean): string {
    const path = join(dir, name);
    mkdirSync(path);
    chownSync(path, SERVICE.uid, SERVICE.gid);
    as(SERVICE, dir, `umask 022 && git init --quiet --initial-branch=main && mkdir data && echo 'price: 69' > data/prices.yaml && git add data && git -c user.name=Entwickler -c user.email=dev@example.invalid commit --quiet -m Start`, path);
    // The step of docs/deployment.md, "The owner's commits and a developer's", once, as the service user.
    if (shared) as(SERVICE, dir, 'git config core.sharedRepository 0640 && chmod -R g+rX .git', path);
    writeFileSync(join(path, 'data', 'prices.yaml'), 'price: 79\n');
    publishAsService(path, 'Zugefallene Tür');
    return path;
  }

  beforeAll(() => {
    dir = tempDir('owner-developer-users-');
    chmodSync(dir, 0o755);
    for (const home of ['developer', 'developer-trusting']) {
      mkdirSync(join(dir, home));
      chownSync(join(dir, home), DEVELOPER.uid, DEVELOPER.gid);
    }
  });

  it('pulls the console’s commit made under UMask=0077 once the repository is shared with the group and trusted by the developer', () => {
    const shared = serverCheckout('shared', true);
    // git gave the console's ref to the group, whatever the umask.
    expect(statSync(join(shared, '.git', 'refs', 'heads', 'main')).mode & 0o777).toBe(0o640);
    const home = join(dir, 'developer-trusting');
    as(DEVELOPER, home, `git config --global --add safe.directory ${shared}/.git`);
    as(DEVELOPER, home, `git clone --quiet file://${shared} clone`, home);
    expect(as(DEVELOPER, home, 'git log -1 --format="%an|%s"', join(home, 'clone'))).toBe('Inhaber (Konsole)|Zugefallene Tür\n');
  });

  it('cannot pull without either step: git refuses a repository of another user, and cannot read what the service wrote', () => {
    const shared = serverCheckout('shared-untrusted', true);
    const home = join(dir, 'developer');
    expect(() => as(DEVELOPER, home, `git clone --quiet file://${shared} untrusted`, home)).toThrow(/dubious ownership/);
    const unshared = serverCheckout('unshared', false);
    // What the console wrote under UMask=0077 is the service user's alone.
    expect(statSync(join(unshared, '.git', 'refs', 'heads', 'main')).mode & 0o777).toBe(0o600);
    as(DEVELOPER, home, `git config --global --add safe.directory ${unshared}/.git`);
    expect(() => as(DEVELOPER, home, `git clone --quiet file://${unshared} unshared`, home)).toThrow(/not our ref/);
  });
});
