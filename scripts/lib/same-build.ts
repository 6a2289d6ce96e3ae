// Builds a commit and the working tree (its tracked and new files, changes not yet committed
// included) into two folders, each with `npm run build` from a copy of its own sources and the same
// date, and compares every file they write: `npm run same-build` (scripts/same-build.ts) and
// tests/integration/same-build.test.ts.
//
// Two records differ between any two builds and are compared without it: dist/_server/files.json
// records when each file was written, dist/_server/site.json which version of the code built it
// (`build.version`, with the commit when built in a git checkout). The photos' encodings are taken from this
// checkout's .cache/images/ when it has them (they are named by source and settings, so a cached
// file is the one the build would encode), which saves the minute sharp takes for them. The
// commit's build is kept in .cache/same-build/, named by all it depends on (the commit, the date,
// Node's version, package-lock.json): the test pins one commit, so only its first run builds it
// (11–13 s of the test run's 5 to 6 minutes on this 2-core machine, then under a second).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT } from './repo.ts';
import { writtenRecordSchema } from '../../build/write/dist-writer.ts';
import { z } from 'zod';
import { serverFile } from '../../core/build-server-contract.ts';

/** The build's date in both builds: 2026-11-22, 10:00 UTC, the date of the tests' builds (tests/support/build-settings.ts). */
const EPOCH = String(Date.UTC(2026, 10, 22, 10) / 1000);
const FILES_MANIFEST = '_server/files.json';
const SITE_FACTS = serverFile('siteFacts');

const KEPT = join(REPO_ROOT, '.cache/same-build');
const versioned = z.looseObject({ build: z.looseObject({ version: z.string() }) });

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The sources of `commit` (or, for null, of the working tree) in `dir`, with this checkout's modules and image encodings. */
function checkOut(commit: string | null, dir: string): void {
  mkdirSync(dir, { recursive: true });
  if (commit) {
    execFileSync('tar', ['-x', '-C', dir], { input: execFileSync('git', ['archive', commit], { cwd: REPO_ROOT, maxBuffer: 1024 * 1024 * 1024 }) });
  } else {
    for (const file of git('ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0')) {
      // A checkout whose node_modules is a link (a git worktree) lists it; each copy links its own.
      if (file === '' || file === 'node_modules' || !existsSync(join(REPO_ROOT, file))) continue;
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      cpSync(join(REPO_ROOT, file), join(dir, file));
    }
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  const images = join(REPO_ROOT, '.cache/images');
  if (existsSync(images)) cpSync(images, join(dir, '.cache/images'), { recursive: true });
}

function buildIn(dir: string, label: string): string {
  const out = join(dir, 'dist');
  const env: NodeJS.ProcessEnv = { ...process.env, SOURCE_DATE_EPOCH: EPOCH };
  delete env.SITE_URL;
  delete env.BUILD_WORKERS;
  const result = spawnSync('npm', ['run', '--silent', 'build', '--', '--out', out], { cwd: dir, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`The build of ${label} failed (exit ${result.status}):\n${result.stderr}`);
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The build of `commit` (a full hash), from .cache/same-build/ or built there now, the only one kept. */
function commitBuild(commit: string, root: string): string {
  const key = createHash('sha256').update([commit, EPOCH, process.version, readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')].join('\0')).digest('hex').slice(0, 20);
  const kept = join(KEPT, key);
  if (existsSync(kept)) return kept;
  checkOut(commit, join(root, 'before'));
  const built = buildIn(join(root, 'before'), `commit ${commit.slice(0, 7)}`);
  rmSync(KEPT, { recursive: true, force: true });
  // Copied, then renamed: an interrupted run leaves no half a build under the name.
  cpSync(built, `${kept}.partial`, { recursive: true });
  renameSync(`${kept}.partial`, kept);
  return kept;
}

/** A file's bytes as compared: the record of written files without its times, the site facts without the version that built them. */
function comparable(dir: string, file: string): string | Buffer {
  const bytes = readFileSync(join(dir, file));
  if (file === FILES_MANIFEST) {
    const record = writtenRecordSchema.parse(JSON.parse(bytes.toString('utf8')));
    // site.json's hash covers the version, which is compared without (below).
    return JSON.stringify(Object.entries(record).map(([name, { hash, brotli }]) => [name, name === SITE_FACTS ? '' : hash, brotli]));
  }
  if (file === SITE_FACTS) {
    // Only the part compared without: the commit's site.json may have another shape than this
    // checkout's schema, and is then simply different.
    const facts = versioned.parse(JSON.parse(bytes.toString('utf8')));
    return JSON.stringify({ ...facts, build: { ...facts.build, version: '' } });
  }
  return bytes;
}

/**
 * The files that only one build wrote, or that differ; empty when both wrote the same. `built`: the
 * working tree's build with the same date, when the caller has one (the tests' shared build).
 */
export function compareBuilds(commit: string, built?: string): { commit: string; differences: string[] } {
  const resolved = git('rev-parse', '--verify', `${commit}^{commit}`).trim();
  const root = mkdtempSync(join(tmpdir(), 'same-build-'));
  try {
    const before = commitBuild(resolved, root);
    if (!built) checkOut(null, join(root, 'now'));
    const now = built ?? buildIn(join(root, 'now'), 'the working tree');
    const [a, b] = [files(before), files(now)];
    const inBoth = a.filter((file) => b.includes(file));
    return {
      commit: resolved,
      differences: [
        ...a.filter((file) => !b.includes(file)).map((file) => `only in ${resolved.slice(0, 7)}'s build: ${file}`),
        ...b.filter((file) => !a.includes(file)).map((file) => `only in the working tree's build: ${file}`),
        ...inBoth.filter((file) => !Buffer.from(comparable(before, file)).equals(Buffer.from(comparable(now, file)))).map((file) => `differs: ${file}`),
      ],
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
