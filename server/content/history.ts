// The history of the owner's publishes: each one is a commit of data/ in the project's own git
// repository (the checkout the server runs from), authored "Inhaber (Konsole)", so that a
// developer pulls the owner's changes and pushes his own with plain git. Only paths under data/
// are ever staged or restored; an undo is a new commit that reverses one publish, never a rewrite
// of history. Git runs as a child process (`git` of the system, as the deployment installs it).
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const CONSOLE_AUTHOR = { name: 'Inhaber (Konsole)', email: 'inhaber@konsole.invalid' };
/** What the history lists and an undo may reverse: the owner's facts only. */
const DATA = 'data';
const FIELD = '\x1f';

export interface Publish {
  commit: string;
  /** ISO 8601, as git recorded it. */
  at: string;
  author: string;
  subject: string;
  /** The data files the commit changed, relative to the repository. */
  files: string[];
  /** It changed files outside data/ too (a developer's commit): only a developer can undo it. */
  outside: boolean;
  /** Made by the console (CONSOLE_AUTHOR), not by a developer. */
  byConsole: boolean;
}

/** Why an undo was not done; nothing was changed in any of these cases. */
export type UndoRefusal =
  | { kind: 'draft'; files: string[] }
  | { kind: 'unknown'; commit: string }
  | { kind: 'outsideData'; commit: string; files: string[] }
  | { kind: 'conflict'; commit: string; files: string[] };

async function git(repo: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-c', `user.name=${CONSOLE_AUTHOR.name}`, '-c', `user.email=${CONSOLE_AUTHOR.email}`, ...args], { cwd: repo, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

/** Data files that differ from the last commit (saved in the console, not yet published), or are new. */
export async function unpublishedFiles(repo: string): Promise<string[]> {
  return lines(await git(repo, ['status', '--porcelain=v1', '--untracked-files=all', '--', DATA])).map((line) => line.slice(3));
}

/**
 * Commits every change under data/ as one publish of the owner, with `message` as its text.
 * Returns the commit, or null when data/ has no change to commit.
 */
export async function commitData(repo: string, message: string): Promise<string | null> {
  await git(repo, ['add', '--all', '--', DATA]);
  const staged = lines(await git(repo, ['diff', '--cached', '--name-only', '--', DATA]));
  if (staged.length === 0) return null;
  // Only data/ is committed, whatever else a developer left staged in the checkout.
  await git(repo, ['commit', '--quiet', `--author=${CONSOLE_AUTHOR.name} <${CONSOLE_AUTHOR.email}>`, '-m', message, '--', DATA]);
  return (await git(repo, ['rev-parse', 'HEAD'])).trim();
}

/** The commits that changed data/ that `git log` with `args` (a count, a start) lists, newest first. */
async function dataLog(repo: string, args: string[]): Promise<Publish[]> {
  const format = ['%H', '%aI', '%an', '%s'].join(FIELD);
  // --full-diff: every file of such a commit, so that one that changed code as well is known.
  const output = await git(repo, ['log', ...args, '--full-diff', `--format=${FIELD}${format}`, '--name-only', '--', DATA]);
  return output
    .split(`\n${FIELD}`)
    .map((entry) => entry.replace(/^\x1f/, ''))
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const [head = '', ...files] = entry.split('\n');
      const [commit = '', at = '', author = '', subject = ''] = head.split(FIELD);
      const changed = files.filter((file) => file !== '');
      const data = changed.filter((file) => file.startsWith(`${DATA}/`));
      return { commit, at, author, subject, files: data, outside: data.length < changed.length, byConsole: author === CONSOLE_AUTHOR.name };
    });
}

/** A full commit as the history names a publish (in `?vor=` and the undo's form). */
const FULL_COMMIT = /^[0-9a-f]{40}$/;

/**
 * The latest commits that changed data/, newest first: the owner's publishes and a developer's.
 * `before`: a publish's full commit; then only those older than it (the history's next page).
 */
export async function listPublishes(repo: string, limit = 50, before?: string): Promise<Publish[]> {
  // From `before` itself, which changed data/ and is skipped; checked, so never taken as an option.
  if (before !== undefined && !FULL_COMMIT.test(before)) return [];
  return dataLog(repo, [`-n${limit}`, ...(before === undefined ? [] : ['--skip=1', before])]);
}

/** The publish of `commit` (a full commit that changed data/), or null when the history has none such. */
export async function publishOf(repo: string, commit: string): Promise<Publish | null> {
  if (!FULL_COMMIT.test(commit)) return null;
  try {
    const [publish] = await dataLog(repo, ['-n1', commit]);
    return publish?.commit === commit ? publish : null;
  } catch {
    // Not a commit of this repository.
    return null;
  }
}

/** The trailer of an undo's commit that names the publish it reverted. */
export const REVERTS_TRAILER = 'Reverts';

/** The commits of data/ that a later undo reverted (named by its trailer "Reverts: <commit>"). */
export async function revertedCommits(repo: string): Promise<Set<string>> {
  const output = await git(repo, ['log', `--format=%(trailers:key=${REVERTS_TRAILER},valueonly)`, '--', DATA]);
  return new Set(lines(output).map((line) => line.trim()));
}

/** Whether `repo` is the top of a git repository (so its data/ has a history). */
export async function isRepository(repo: string): Promise<boolean> {
  try {
    const top = (await git(repo, ['rev-parse', '--show-toplevel'])).trim();
    return realpathSync(top) === realpathSync(repo);
  } catch {
    return false;
  }
}

/** The text of `file` at `revision` ("HEAD", a commit, "abc^"), or null where it did not exist. */
export async function fileAt(repo: string, revision: string, file: string): Promise<string | null> {
  try {
    return await git(repo, ['show', `${revision}:${file}`]);
  } catch {
    return null;
  }
}

/** Whether `commit` has a parent (the first commit has none: it added every file). */
export async function hasParent(repo: string, commit: string): Promise<boolean> {
  return (await git(repo, ['rev-list', '--parents', '-n1', commit])).trim().split(' ').length > 1;
}

/** Puts data/ back as the last commit has it: the draft an undo made, when its publish failed. */
export async function discardDraft(repo: string): Promise<void> {
  await git(repo, ['checkout', 'HEAD', '--', DATA]);
  await git(repo, ['clean', '-fdq', '--', DATA]);
}

/**
 * Reverses one commit of data/ in the files (not yet committed: the publish that follows commits
 * it). Refused, changing nothing, while data/ holds unpublished changes, for a commit that is not
 * in the history or that changed more than data/, and when a later change of the same lines
 * stands in the way.
 */
export async function revertPublish(repo: string, commit: string): Promise<{ ok: true } | ({ ok: false } & UndoRefusal)> {
  const draft = await unpublishedFiles(repo);
  if (draft.length > 0) return { ok: false, kind: 'draft', files: draft };
  if (!/^[0-9a-f]{7,40}$/.test(commit) || !(await listPublishes(repo, 1000)).some((publish) => publish.commit.startsWith(commit))) return { ok: false, kind: 'unknown', commit };
  const changed = lines(await git(repo, ['diff-tree', '--no-commit-id', '--name-only', '-r', '--root', commit]));
  const outside = changed.filter((file) => !file.startsWith(`${DATA}/`));
  if (outside.length > 0) return { ok: false, kind: 'outsideData', commit, files: outside };
  try {
    await git(repo, ['revert', '--no-commit', commit]);
  } catch {
    const conflicted = lines(await git(repo, ['diff', '--name-only', '--diff-filter=U']));
    await git(repo, ['revert', '--abort']).catch(() => git(repo, ['reset', '--merge']));
    return { ok: false, kind: 'conflict', commit, files: conflicted };
  }
  // The revert staged its change; the publish commits data/ as the files then stand.
  await git(repo, ['reset', '--quiet', '--', DATA]);
  return { ok: true };
}
