// The release a running server serves, and its switch to the next one without a restart.
//
// `npm run build` makes a new release the served one by replacing a link (build/release.ts:
// dist -> releases/current -> <release>). The server notices within half a second (a watch of the
// releases' folder, and a poll of dist's real path every `pollMs`, since a watch alone misses
// events on some file systems), reads the whole new release into memory as at start (`readBuild`),
// makes its app, and only then swaps one reference. Every request takes that reference once, at
// its start (server/http/listener.ts), so each answer comes whole from one release; the old release
// is dropped with its last request. What outlasts a release (the database, the per-address limits,
// the event streams, the login throttle, the jobs) is made once (`KeptParts`, server/context.ts).
// A release that does not fit this server is refused with a log line, and the old one stays.
import { lstatSync, readdirSync, realpathSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Express } from 'express';
import { RELEASE_NAME, SERVER_FILES, serverFileProblems } from '../core/build-server-contract.ts';
import { HASHED_FOLDERS } from '../core/http-policy.ts';
import { createApp } from './app.ts';
import type { ApiContext, KeptParts, Log, RefusedRelease } from './context.ts';
import type { FeatureConfig } from './config.ts';
import { parseFallbackPlaces, parseHeaderPolicy, parseMessages, parseSiteFacts, readServerFile } from './facts.ts';
import { fixedReplies, type FixedReplies } from './http/replies.ts';
import { loadStaticTable, type StaticTable } from './http/table.ts';
import { REVIEWS_PAGE_PATH } from './reviews/page.ts';
import type { Db } from './store/database.ts';

/** What a build left for the server, each file read once; a dist/ whose files another build version wrote is refused. */
export function readBuild(distDir: string, log: Log) {
  const siteFacts = readServerFile(distDir, 'siteFacts');
  const messagesFile = readServerFile(distDir, 'messages');
  const policy = readServerFile(distDir, 'policy');
  const fallbackPlaces = readServerFile(distDir, 'fallbackPlaces');
  const table = loadStaticTable(distDir, { rendered: [REVIEWS_PAGE_PATH], policy: parseHeaderPolicy(policy) });
  const messagePage = table.templates.get(SERVER_FILES.messagePage) ?? null;
  const consolePage = table.templates.get(SERVER_FILES.consolePage) ?? null;
  const unknownPlacePage = table.templates.get(SERVER_FILES.unknownPlacePage) ?? null;
  const problems = serverFileProblems({ unknownPlacePage, fallbackPlaces, messagePage, consolePage, siteFacts, messages: messagesFile, policy });
  // The messages fit when nothing is wrong (serverFileProblems refuses a missing file too).
  const messages = parseMessages(messagesFile);
  if (problems.length > 0 || messages === null) throw new Error(`The built site in ${distDir} does not fit this server:\n${problems.map((line) => `- ${line}`).join('\n')}`);
  return { table, site: parseSiteFacts(siteFacts, log), messages, messagePage, consolePage, fallbackPlaces: parseFallbackPlaces(fallbackPlaces) };
}

/** When a release was built, from its name (build/release.ts names it by the build's start, UTC). */
function builtAt(name: string): string {
  const [, y, mo, d, h, mi, sec, ms] = /^(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)-(\d{3})/.exec(name)!;
  return `${y}-${mo}-${d}T${h}:${mi}:${sec}.${ms}Z`;
}

/**
 * The release a starting server serves: the one dist/ stands for, or, when that one does not fit,
 * the newest earlier release beside it that does, so that a restart never takes the site down for
 * a release the running server had refused (`followReleases`). The refusal is logged and kept for
 * the console's System page. Throws the first release's reason when none fits.
 */
export function openingRelease(distDir: string, log: Log): { folder: string; build: ReturnType<typeof readBuild>; refused: RefusedRelease | null } {
  const folder = releaseFolder(distDir) ?? distDir;
  try {
    return { folder, build: readBuild(folder, log), refused: null };
  } catch (error) {
    const reason = (error as Error).message;
    const releases = dirname(folder);
    const earlier = RELEASE_NAME.test(basename(folder)) ? readdirSync(releases).filter((name) => RELEASE_NAME.test(name) && name < basename(folder)).sort().reverse() : [];
    for (const name of earlier) {
      try {
        const build = readBuild(join(releases, name), log);
        log(`The release in ${folder} does not fit this server; serving the earlier release ${name} instead until a build or "npm run rollback" chooses another. ${reason}`);
        return { folder: join(releases, name), build, refused: { folder, at: builtAt(basename(folder)), reason } };
      } catch {
        // Older still, or none.
      }
    }
    throw error;
  }
}

/** One release as the server answers from it: everything that came from its folder. */
export interface Release {
  /** Its folder's real path (dist/ with its links resolved). */
  readonly folder: string;
  readonly table: StaticTable;
  readonly replies: FixedReplies;
  readonly app: Express;
  /** The hosts of our own pages: the release's site and the address the server listens on. */
  readonly ownHosts: Set<string>;
  readonly api: ApiContext;
  /** The hashed files of the release before that this one lacks, served on for one release (`withFilesBefore`). */
  readonly carried: ReadonlySet<string>;
}

/** What every release's app is made with: the parts that outlast releases. */
export interface ReleaseParts {
  readonly db: Db;
  readonly config: FeatureConfig;
  readonly log: Log;
  readonly shutdown: AbortSignal;
  readonly kept: KeptParts;
  /** "host:port" once the server listens, else null. */
  listening(): string | null;
}

/** The folder dist/ stands for, its links resolved; null while it does not exist. */
export function releaseFolder(distDir: string): string | null {
  try {
    return realpathSync(distDir);
  } catch {
    return null;
  }
}

/**
 * The table with the hashed files (stylesheet, scripts, images: HASHED_FOLDERS) of the release
 * before that it lacks: a page of that release still open in a browser asks for them after the
 * switch (an island's script on first touch, a lazy image). Only that release's own are carried,
 * so they stay for one release and memory does not grow with switches.
 */
function withFilesBefore(table: StaticTable, before: Release | undefined): { table: StaticTable; carried: Set<string> } {
  const carried = new Set<string>();
  if (before === undefined) return { table, carried };
  const entries = new Map(table.entries);
  for (const [path, entry] of before.table.entries) {
    if (entries.has(path) || before.carried.has(path) || !HASHED_FOLDERS.some((hashed) => path.startsWith(hashed))) continue;
    entries.set(path, entry);
    carried.add(path);
  }
  return { table: carried.size === 0 ? table : { ...table, entries }, carried };
}

/** Reads the release in `folder` (a real path) and makes its app, after `before`; throws when it does not fit this server. */
export function loadRelease(folder: string, parts: ReleaseParts, before?: Release): Release {
  return makeRelease(folder, readBuild(folder, parts.log), parts, before);
}

/** The release of what `readBuild` read from `folder`, with its app. */
export function makeRelease(folder: string, build: ReturnType<typeof readBuild>, parts: ReleaseParts, before?: Release): Release {
  const { db, config, log, shutdown, kept } = parts;
  const { site, messages, messagePage, consolePage, fallbackPlaces } = build;
  const { table, carried } = withFilesBefore(build.table, before);
  const api: ApiContext = { db, config, site, messages, log, shutdown, messagePage, kept };
  // Joined by the listening address once the port is known (server/index.ts).
  const ownHosts = new Set<string>(site ? [new URL(site.url).host] : []);
  const address = parts.listening();
  if (address !== null) ownHosts.add(address);
  const replies = fixedReplies(messages, messagePage, table.security);
  const app = createApp({ api, table, replies, ownHosts, consolePage, fallbackPlaces });
  return { folder, table, replies, app, ownHosts, api, carried };
}

/** The context of what runs beside the requests (the jobs, the mails still in flight at close): the facts of the release served when it reads them. */
export function servedContext(parts: ReleaseParts, current: () => Release): ApiContext {
  const { db, config, log, shutdown, kept } = parts;
  return {
    db,
    config,
    log,
    shutdown,
    kept,
    get site() {
      return current().api.site;
    },
    get messages() {
      return current().api.messages;
    },
    get messagePage() {
      return current().api.messagePage;
    },
  };
}

export interface Follower {
  /** Looks at dist/ now (the watch and the poll call it). */
  check(): void;
  stop(): void;
}

/**
 * Switches to the release dist/ stands for whenever that changes: `current` gives the served one,
 * `load` reads another, `serve` swaps it in. A release that does not load is refused once, logged.
 */
export function followReleases(distDir: string, current: () => Release, load: (folder: string) => Release, serve: (release: Release) => void, log: Log, pollMs: number, kept?: KeptParts): Follower {
  let refused: string | null = kept?.refusedRelease?.folder ?? null;
  const check = () => {
    const folder = releaseFolder(distDir);
    // Missing for the moment a build first turns a real dist/ folder into a link: the next look finds it.
    if (folder === null || folder === current().folder || folder === refused) return;
    const started = performance.now();
    const before = current().folder;
    try {
      serve(load(folder));
      refused = null;
      if (kept) kept.refusedRelease = null;
      log(`Now serving the release in ${folder} (read in ${Math.round(performance.now() - started)} ms); before: ${before}.`);
    } catch (error) {
      refused = folder;
      if (kept) kept.refusedRelease = { folder, at: new Date().toISOString(), reason: (error as Error).message };
      log(`Not switching to the release in ${folder}; still serving ${before}. ${(error as Error).message}`);
    }
  };
  const timer = setInterval(check, pollMs);
  timer.unref();
  let watcher: FSWatcher | undefined;
  // A build replaces the link releases/current inside the releases' folder: watched when dist/ is a link.
  if (lstatSync(distDir, { throwIfNoEntry: false })?.isSymbolicLink()) {
    try {
      watcher = watch(dirname(current().folder), () => check());
      watcher.on('error', () => watcher?.close());
      watcher.unref();
    } catch {
      // Some file systems cannot be watched: the poll alone then finds the switch.
    }
  }
  return {
    check,
    stop() {
      clearInterval(timer);
      watcher?.close();
    },
  };
}
