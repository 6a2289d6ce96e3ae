// Releases: `npm run build` writes each site into a folder of its own and makes it the served one
// only once the whole build succeeded (docs/architecture.md, "Releases"):
//
//   dist -> releases/current -> 20261128-001502-117    (both links relative)
//
// `dist` is a fixed link to `releases/current`; a build replaces only `current`, by making a new
// link beside it and renaming it over it, one atomic step on Linux. The server, nginx or an upload
// that reads dist/ therefore sees the old release whole or the new one whole, never a mix, and a
// build that fails leaves `current` as it was. The served release, the one before it (for
// `npm run rollback`) and one more are kept; that one more is the folder the next build writes
// into, so the writer finds most files as they should be and rewrites only what changed
// (build/write/dist-writer.ts). Only releases/ is written; the project's folder once, when the real
// dist/ folder of an older build becomes the first release.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { RELEASE_NAME } from '../core/build-server-contract.ts';

export const RELEASES_FOLDER = 'releases';
const CURRENT_LINK = 'current';
/** Held by the build writing a release (its process id), so that two builds never take the same folder. */
const BUILD_LOCK = '.build.lock';
/** A release's name: the UTC time its build started, to the millisecond (`-2` and on when taken). */

export interface ReleaseLayout {
  /** The link everything reads the site through (`<root>/dist`). */
  dist: string;
  /** The folder of the releases, beside `dist`. */
  folder: string;
  /** The link `dist` points to, replaced by each build and by a rollback. */
  current: string;
}

/** Said to the operator in one line, without a stack trace. */
export class ReleaseError extends Error {}

export function releaseLayout(dist: string): ReleaseLayout {
  const folder = join(dirname(dist), RELEASES_FOLDER);
  return { dist, folder, current: join(folder, CURRENT_LINK) };
}

/** The names of the releases on disk, oldest first. */
export function listReleases(layout: ReleaseLayout): string[] {
  try {
    return readdirSync(layout.folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && RELEASE_NAME.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** The name of the served release, or null when there is none. */
export function servedRelease(layout: ReleaseLayout): string | null {
  try {
    const name = readlinkSync(layout.current);
    return RELEASE_NAME.test(name) && existsSync(join(layout.folder, name)) ? name : null;
  } catch {
    return null;
  }
}

/** The release a rollback from `name` goes back to: the newest one older than it. */
export function releaseBefore(layout: ReleaseLayout, name: string): string | null {
  return listReleases(layout).filter((other) => other < name).at(-1) ?? null;
}

/** Points `link` at `target` in one step: a new link made beside it and renamed over it. */
export function pointAt(link: string, target: string): void {
  const temporary = `${link}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  symlinkSync(target, temporary);
  renameSync(temporary, link);
}

/** The time a release's name gives, in ms. */
function timeOf(name: string): number {
  const [, year, month, day, hour, minute, second, milli] = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})/.exec(name)!.map(Number);
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!, milli!);
}

/**
 * A name for a release started now that no folder has yet, later than every release's: the order
 * of the names is the order of the builds, which `releaseBefore` relies on, even when the clock
 * went back.
 */
function newName(layout: ReleaseLayout, now: Date): string {
  const latest = listReleases(layout).at(-1);
  const time = Math.max(now.getTime(), latest === undefined ? 0 : timeOf(latest) + 1);
  const base = new Date(time).toISOString().replace(/\D/g, '').replace(/^(\d{8})(\d{6})(\d{3})$/, '$1-$2-$3');
  let name = base;
  for (let n = 2; existsSync(join(layout.folder, name)); n += 1) name = `${base}-${n}`;
  return name;
}

/** What `dist` must be: a link to releases/current, relative, so the project may move. */
function distTarget(layout: ReleaseLayout): string {
  return relative(dirname(layout.dist), layout.current);
}

/**
 * A real dist/ folder from a build before releases becomes the served release, so the site stays
 * up: it is renamed into releases/ and `dist` becomes the link (dist/ is missing for the moment
 * between the two renames; a running server holds its site in memory).
 */
function adoptFolder(layout: ReleaseLayout): void {
  mkdirSync(layout.folder, { recursive: true });
  if (!lstatSync(layout.dist, { throwIfNoEntry: false })?.isDirectory()) return;
  const name = newName(layout, new Date());
  try {
    renameSync(layout.dist, join(layout.folder, name));
  } catch (error) {
    throw new ReleaseError(
      `${layout.dist} is the folder of a build before releases and could not become the first release in ${layout.folder} ` +
        `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Run the build once as a user who may write ${dirname(layout.dist)}; ` +
        'later builds write only the releases folder.',
    );
  }
  pointAt(layout.current, name);
  pointAt(layout.dist, distTarget(layout));
}

/** What the served site is, for a line after a failed build. */
export function servedSite(dist: string): string {
  const name = servedRelease(releaseLayout(dist));
  if (name !== null) return `release ${name}`;
  return lstatSync(dist, { throwIfNoEntry: false })?.isDirectory() ? `the folder ${dist}` : 'nothing';
}

/** Whether the process `pid` still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the releases' build lock, replacing one whose process is gone; refuses while another build holds it. Returns its release. */
function lockBuilds(layout: ReleaseLayout): () => void {
  const lock = join(layout.folder, BUILD_LOCK);
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lock, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && running(holder)) {
      throw new ReleaseError(`Another build (process ${holder}) is writing a release. Wait until it has ended, then build again.`);
    }
    rmSync(lock, { force: true });
  }
}

/** Makes `name` the served release and `dist` the link to it. */
function serve(layout: ReleaseLayout, name: string): void {
  pointAt(layout.current, name);
  const target = distTarget(layout);
  let linked = false;
  try {
    linked = readlinkSync(layout.dist) === target;
  } catch {
    // no link yet (or a file of another kind): made below
  }
  if (!linked) pointAt(layout.dist, target);
}

/** Deletes every release but these. */
function pruneReleases(layout: ReleaseLayout, keep: ReadonlySet<string>): void {
  for (const name of listReleases(layout)) if (!keep.has(name)) rmSync(join(layout.folder, name), { recursive: true, force: true });
}

export interface ReleaseOutcome {
  /** The release now served. */
  name: string;
  /** The release served before, which `npm run rollback` brings back; null for the first. */
  previous: string | null;
}

/**
 * Runs `write` into a new release folder and makes it the served one when `write` succeeds. When
 * it throws, its folder is deleted, the served release stays as it was, and the error goes on.
 */
export async function buildRelease(dist: string, write: (outDir: string) => Promise<void>): Promise<ReleaseOutcome> {
  const layout = releaseLayout(dist);
  mkdirSync(layout.folder, { recursive: true });
  const unlock = lockBuilds(layout);
  try {
    adoptFolder(layout);
    return await buildLocked(layout, write);
  } finally {
    unlock();
  }
}

async function buildLocked(layout: ReleaseLayout, write: (outDir: string) => Promise<void>): Promise<ReleaseOutcome> {
  const served = servedRelease(layout);
  const before = served === null ? null : releaseBefore(layout, served);
  const spare = listReleases(layout).filter((name) => name !== served && name !== before).at(-1);
  const name = newName(layout, new Date());
  const folder = join(layout.folder, name);
  // The spare release's files, renamed with their times, let the writer skip what is unchanged.
  if (spare !== undefined) renameSync(join(layout.folder, spare), folder);
  try {
    await write(folder);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  serve(layout, name);
  const keep = new Set([name, ...(served === null ? [] : [served])]);
  const oneMore = listReleases(layout).filter((other) => !keep.has(other)).at(-1);
  if (oneMore !== undefined) keep.add(oneMore);
  pruneReleases(layout, keep);
  return { name, previous: served };
}

// Makes the finished build in `folder` (written with --out: the console's preview) the served release
// without building again; the spare release's files go to `folder`, so its next build writes less.
export async function promoteRelease(dist: string, folder: string): Promise<ReleaseOutcome> {
  if (!existsSync(join(folder, '_server', 'files.json'))) throw new ReleaseError(`${folder} holds no finished build (its _server/files.json is missing); nothing was changed.`);
  return buildRelease(dist, async (outDir) => {
    const swap = `${folder}.${process.pid}.swap`;
    const spare = existsSync(outDir);
    if (spare) renameSync(outDir, swap);
    renameSync(folder, outDir);
    if (spare) renameSync(swap, folder);
  });
}

/** Serves the release before the served one again; refuses when there is none. */
export function rollBack(dist: string): { from: string; to: string } {
  const layout = releaseLayout(dist);
  const served = servedRelease(layout);
  if (served === null) throw new ReleaseError(`No release is served: ${layout.current} does not point to one. Run "npm run build".`);
  // A build under way would replace the release again, or delete the one gone back to.
  const unlock = lockBuilds(layout);
  try {
    const to = releaseBefore(layout, served);
    if (to === null) throw new ReleaseError(`There is no release before ${served} to go back to; nothing was changed.`);
    serve(layout, to);
    return { from: served, to };
  } finally {
    unlock();
  }
}
