// Building the site from the owner's console (docs/owner-console.md, "Preview, publish, undo"): a
// preview into releases/preview, a plain folder the build writes with `--out` and the server shows
// only behind the login (/intern/vorschau), and a publish: that very folder made a new release
// and the served one (`--promote`, build/release.ts), which the running server follows without a
// restart. Both run `npm run build`'s code in a child process (server/ never imports build/); a
// build that fails changes nothing that visitors see.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAUNCH = join(ROOT, 'build/launch.mjs');
/** A build into an empty folder takes about 4 s on the idle 2-core machine; a loaded one may take many times that. */
const BUILD_TIMEOUT_MS = 300_000;

export interface SiteLayout {
  /** The link visitors' pages are read through (`dist` -> releases/current). */
  dist: string;
  /** The folder of the draft's preview, beside the releases; never served to visitors. */
  preview: string;
  /** What the preview was built from (beside it: the build deletes files it did not make in its folder). */
  previewRecord: string;
}

/** The layout when `dist` is the release link `npm run build` makes; null for a plain folder (nothing to publish into). */
export function siteLayout(dist: string): SiteLayout | null {
  const releases = join(dirname(dist), 'releases');
  try {
    if (!lstatSync(dist).isSymbolicLink() || !lstatSync(join(releases, 'current')).isSymbolicLink()) return null;
    if (realpathSync(dist) !== realpathSync(join(releases, 'current'))) return null;
  } catch {
    return null;
  }
  return { dist, preview: join(releases, 'preview'), previewRecord: join(releases, 'preview.json') };
}

export type BuildResult = { ok: true } | { ok: false; message: string };

/** The environment of a build the console starts: the server's, with the server's SITE_URL (unset when null). */
export function buildEnv(siteUrl: string | null): NodeJS.ProcessEnv {
  return { ...process.env, SITE_URL: siteUrl ?? '' };
}

/** Runs the build with `args` (after `--data dataDir`) for the site at `siteUrl`; a failure's message is the build's own last lines. */
export function runBuild(dataDir: string, args: readonly string[], siteUrl: string | null): Promise<BuildResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [LAUNCH, '--data', dataDir, ...args], { cwd: ROOT, env: buildEnv(siteUrl), timeout: BUILD_TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve({ ok: true });
      const said = stderr.trim().split('\n').slice(-12).join('\n');
      resolve({ ok: false, message: said || (error.killed ? `the build took longer than ${BUILD_TIMEOUT_MS / 1000} s and was stopped` : error.message) });
    });
  });
}

/**
 * The version of the data folder as it is now: the SHA-256 of every file's path, size and
 * modification time. A save (a new file renamed into place), a pull or an undo changes it.
 */
export function dataVersion(dataDir: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${relative(dataDir, path)}\0${size}\0${mtimeMs}\n`);
      }
    }
  };
  walk(dataDir);
  return hash.digest('hex');
}

/** The hash of every file a build wrote (its `_server/files.json`), by path; empty when there is none. */
function builtFiles(folder: string): Map<string, string> {
  try {
    const files = JSON.parse(readFileSync(join(folder, '_server/files.json'), 'utf8')) as Record<string, { hash: string }>;
    return new Map(Object.entries(files).map(([path, { hash }]) => [path, hash]));
  } catch {
    return new Map();
  }
}

/** A page's file as its address: "preise/index.html" -> "/preise", "index.html" -> "/". */
const pageAddress = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '')}`;

/** The addresses of the pages whose HTML differs between two builds (added and removed ones too), the town pages last. */
export function changedPages(before: string, after: string): string[] {
  const old = builtFiles(before);
  const now = builtFiles(after);
  const pages = new Set<string>();
  for (const [file, hash] of now) if (file.endsWith('index.html') && old.get(file) !== hash) pages.add(pageAddress(file));
  for (const file of old.keys()) if (file.endsWith('index.html') && !now.has(file)) pages.add(pageAddress(file));
  const townLast = (path: string) => (path.startsWith('/schluesseldienst/') ? 1 : 0);
  return [...pages].sort((a, b) => townLast(a) - townLast(b) || a.localeCompare(b));
}
