// `npm run update`: brings the repository's new commits into the server's checkout and builds them
// (docs/deployment.md, "Updating"). The owner's publishes are commits of data/ in this checkout
// (server/content/history.ts), so the pull rebases them onto the repository's; a save he has not
// published yet is uncommitted data/, which a pull would refuse or mix in and a build would put
// online without a commit: the update refuses while one exists, changing nothing. A pull that stops
// on a conflict is aborted at once, so the console never commits into a half-done rebase. The
// commit before is kept as refs/before-update; `-- --back` returns the code to it, refusing as well
// while a save is unpublished or when the owner published since (a reset would drop that publish).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { parse } from 'yaml';
import { consoleWordsSchema } from '../core/schema/console.ts';
import { CONSOLE_AUTHOR, isRepository, unpublishedFiles } from '../server/content/history.ts';
import { runMain } from './lib/cleanup.ts';
import { runCommand } from './lib/command.ts';
import { REPO_ROOT } from './lib/repo.ts';

const HELP = `Usage: npm run update [-- --back] [-- --plain] [-- --checkout DIR]

Updates the server's checkout from its repository: refuses while the owner has saved changes in
the console that are not published (uncommitted files in data/), notes the commit before as
refs/before-update, runs "git pull --rebase" (the owner's publishes go on top of the repository's
commits; a conflict is aborted, leaving everything as it was), "npm ci" when package-lock.json
changed, and "npm run build -- --production". The running server serves the new release within 2 s.

  --back          return the code to refs/before-update ("git reset --keep"); refused while a
                  save is unpublished or when the owner published since the update
  --plain         build without --production (a server that is not live yet)
  --checkout DIR  the checkout to update (default: this project, ${REPO_ROOT})
Exit code 0 when done, 1 when refused or failed (the message says what to do).`;

const BEFORE = 'refs/before-update';
const run = promisify(execFile);

async function git(checkout: string, args: string[]): Promise<string> {
  return (await run('git', args, { cwd: checkout, maxBuffer: 16 * 1024 * 1024 })).stdout;
}
const lines = (text: string) => text.split('\n').filter((line) => line !== '');
const listed = (items: string[]) => items.map((item) => `  ${item}`).join('\n');

/** The console's buttons that publish, as the owner reads them ("Vorschau erstellen", then "Veröffentlichen"). */
function publishButtons(checkout: string): string {
  try {
    const { publish } = consoleWordsSchema.parse(parse(readFileSync(join(checkout, 'data', 'console.yaml'), 'utf8')));
    return ` (console: "${publish.makePreview}", then "${publish.publishButton}")`;
  } catch {
    return '';
  }
}

/** Why the checkout may not be pulled or reset now, or null. */
async function refusal(checkout: string, what: string): Promise<string | null> {
  const unpublished = await unpublishedFiles(checkout);
  if (unpublished.length > 0) {
    return `${what} refused: the owner saved changes in the console that are not published yet:\n${listed(unpublished)}\n` +
      'A pull would mix them into the update and the build would put them online without a commit. Ask the owner to\n' +
      `publish them${publishButtons(checkout)} or to set the values back there, then run this again.\n` +
      'To set them aside yourself: "git stash push --include-untracked -- data/" now and "git stash pop" after. Nothing was changed.';
  }
  const gitDir = (await git(checkout, ['rev-parse', '--absolute-git-dir'])).trim();
  if (['rebase-merge', 'rebase-apply', 'MERGE_HEAD'].some((name) => existsSync(join(gitDir, name)))) {
    return `${what} refused: a rebase or merge is in progress in ${checkout} ("git status" says which). Finish it or abort it ("git rebase --abort") first.`;
  }
  const changed = lines(await git(checkout, ['status', '--porcelain=v1', '--untracked-files=no'])).map((line) => line.slice(3));
  if (changed.length > 0) {
    return `${what} refused: files outside data/ have changes that are not committed:\n${listed(changed)}\nCommit them, or set them aside with "git stash", then run this again. Nothing was changed.`;
  }
  return null;
}

const commitLine = async (checkout: string, commit: string) => (await git(checkout, ['log', '-1', '--format=%h "%s" (%an, %ad)', '--date=short', commit])).trim();
const changedFiles = async (checkout: string, from: string, to: string) => lines(await git(checkout, ['diff', '--name-only', from, to]));
const needsInstall = (files: string[]) => files.some((file) => file === 'package-lock.json' || file === 'package.json');
/** Files the running server may have loaded: anything but the data, the build's and the browser's code, the commands, docs and tests. */
const serverCode = (files: string[]) => files.filter((file) => !/^(data|build|client|docs|scripts|tests)\//.test(file) && !file.endsWith('.md'));

/**
 * The committer of the owner's rebased publishes: the checkout's own when git has one, else the
 * console's (the service user has none; docs/deployment.md, "The facts and the first build").
 */
async function committer(checkout: string): Promise<string[]> {
  const email = await git(checkout, ['config', 'user.email']).catch(() => '');
  return email.trim() === '' ? ['-c', `user.name=${CONSOLE_AUTHOR.name}`, '-c', `user.email=${CONSOLE_AUTHOR.email}`] : [];
}

/** Runs git pull --rebase; a rebase stopped by a conflict is aborted. Returns an error message or null. */
async function pull(checkout: string): Promise<string | null> {
  if ((await runCommand('git', [...(await committer(checkout)), 'pull', '--rebase', '--no-autostash'], { cwd: checkout })) === 0) return null;
  const gitDir = (await git(checkout, ['rev-parse', '--absolute-git-dir'])).trim();
  if (!existsSync(join(gitDir, 'rebase-merge')) && !existsSync(join(gitDir, 'rebase-apply'))) {
    return `The pull failed (git's message is above); nothing was changed. Check that "git remote -v" names the repository and that it can be reached.`;
  }
  const conflicted = lines(await git(checkout, ['diff', '--name-only', '--diff-filter=U']));
  await git(checkout, ['rebase', '--abort']);
  return `The pull stopped on a conflict between the owner's publishes and the repository's commits in:\n${listed(conflicted)}\n` +
    'It was aborted: the checkout and the served site are as they were. Bring the owner\'s commits into the repository\n' +
    'first and resolve the conflict there (docs/deployment.md, "The owner\'s commits and a developer\'s"), then run the update again.';
}

async function update(checkout: string, production: boolean): Promise<number> {
  const before = (await git(checkout, ['rev-parse', 'HEAD'])).trim();
  await git(checkout, ['update-ref', '-m', 'npm run update', BEFORE, before]);
  console.log(`Before the update: ${await commitLine(checkout, before)}; "npm run update -- --back" returns the code to it.`);
  const failed = await pull(checkout);
  if (failed !== null) {
    console.error(failed);
    return 1;
  }
  const after = (await git(checkout, ['rev-parse', 'HEAD'])).trim();
  const files = await changedFiles(checkout, before, after);
  if (files.length === 0) {
    console.log('The repository had nothing new for this checkout; nothing to build.');
    return 0;
  }
  console.log(`Now at: ${await commitLine(checkout, after)}; ${files.length} file${files.length === 1 ? '' : 's'} changed.`);
  if (needsInstall(files) && (await runCommand('npm', ['ci'], { cwd: checkout })) !== 0) {
    console.error('"npm ci" failed (its message is above); the served site is unchanged. Fix it and run "npm ci", or "npm run update -- --back".');
    return 1;
  }
  const build = [join(REPO_ROOT, 'build', 'launch.mjs'), '--data', join(checkout, 'data'), '--dist', join(checkout, 'dist'), ...(production ? ['--production'] : [])];
  if ((await runCommand(process.execPath, build, { cwd: REPO_ROOT })) !== 0) {
    console.error(`The build failed (its message is above); the served site is unchanged. Fix what it names and run "npm run build -- --production", or "npm run update -- --back".`);
    return 1;
  }
  const code = serverCode(files);
  console.log(code.length === 0
    ? 'The running server serves the new release within 2 s; no restart is needed.'
    : `The server's own code changed (${code.slice(0, 3).join(', ')}${code.length > 3 ? ', …' : ''}): restart it now, "sudo systemctl restart schluesseldienst".`);
  return 0;
}

async function back(checkout: string): Promise<number> {
  const before = (await git(checkout, ['rev-parse', '--verify', '--quiet', `${BEFORE}^{commit}`]).catch(() => '')).trim();
  if (before === '') {
    console.error(`No update is recorded in ${checkout} (${BEFORE} is missing); nothing was changed.`);
    return 1;
  }
  const head = (await git(checkout, ['rev-parse', 'HEAD'])).trim();
  if (head === before) {
    console.log(`The code is already at ${await commitLine(checkout, before)}; nothing was changed.`);
    return 0;
  }
  // The owner's commits since the update that the commit before lacks (his older ones came back
  // rebased, with the same changes, and --cherry-pick leaves those out).
  const published = lines(await git(checkout, ['log', '--cherry-pick', '--right-only', '--no-merges', `--author=<${CONSOLE_AUTHOR.email}>`, '--format=%h "%s" (%ad)', '--date=short', `${before}...${head}`]));
  if (published.length > 0) {
    console.error(`Going back refused: the owner published since the update:\n${listed(published)}\nA reset would take these publishes out of the checkout. Undo the update's own commits with "git revert <commit>"\n(they are listed by "git log --oneline ${BEFORE}..HEAD"), then "npm run build -- --production". Nothing was changed.`);
    return 1;
  }
  const files = await changedFiles(checkout, head, before);
  await git(checkout, ['reset', '--quiet', '--keep', before]);
  console.log(`The code is back at ${await commitLine(checkout, before)} (it was at ${await commitLine(checkout, head)}).`);
  if (needsInstall(files) && (await runCommand('npm', ['ci'], { cwd: checkout })) !== 0) {
    console.error('"npm ci" failed (its message is above): run it again before restarting the server.');
    return 1;
  }
  console.log('Serve the release from before the update with "npm run rollback" (if the update built one),' +
    `${serverCode(files).length > 0 ? ' then restart the server, "sudo systemctl restart schluesseldienst"' : ' no restart is needed'}.`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { back: { type: 'boolean' }, plain: { type: 'boolean' }, checkout: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}. Run "npm run update -- --help" for usage.`);
    return 1;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const checkout = resolve(values.checkout ?? REPO_ROOT);
  if (!(await isRepository(checkout))) {
    console.error(`${checkout} is not the top of a git checkout, so there is nothing to update; see docs/deployment.md, "The service user and the checkout".`);
    return 1;
  }
  const refused = await refusal(checkout, values.back ? 'Going back' : 'Update');
  if (refused !== null) {
    console.error(refused);
    return 1;
  }
  return values.back ? back(checkout) : update(checkout, !values.plain);
}

await runMain(() => main(process.argv.slice(2)));
