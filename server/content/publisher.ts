// The owner's draft, its preview, publishing and undo (docs/owner-console.md, "Preview, publish,
// undo"). Saved changes stay in data/ as a draft: visitors see them only once published. A preview
// builds the draft into releases/preview; publishing makes a current preview the new release, or
// builds one when there is none (the running server serves it within a second), and then commits
// data/ to the project's git repository as the owner; an undo reverts one such commit in data/
// and publishes that. One piece of work at a time, saves included, across the releases the server
// switches between (the service is kept with the server's other lasting parts, server/context.ts).
import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { refusedInProduction } from '../../core/go-live.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { loadSiteFacts } from '../facts.ts';
import type { Log } from '../context.ts';
import { saveQueue } from './data-file.ts';
import { describeChange, type FileChange } from './describe.ts';
import { commitData, discardDraft, fileAt, hasParent, isRepository, listPublishes, REVERTS_TRAILER, revertPublish, unpublishedFiles, type Publish, type UndoRefusal } from './history.ts';
import { changedPages, dataVersion, runBuild, siteLayout, type SiteLayout } from './site-build.ts';

/** What a preview was built from. */
export interface PreviewRecord {
  /** dataVersion() of data/ when it was built. */
  version: string;
  builtAt: string;
  /** The go-live items a production build refuses (data/ and SITE_URL): while any remain, a publish is no production build. */
  required: number;
  /** The release served when it was built (its folder's name), and the SITE_URL it was built for. */
  served: string;
  siteUrl: string | null;
}

/**
 * Whether the preview is what a publish of data/ now would serve: `current`; `changed` when data/
 * was saved since; `outdated` when another release is served since it was built (a developer's
 * new code, a rollback) or the server runs with another SITE_URL: it may have been built by other
 * code, templates and styles than a build now uses. A publish builds anew unless it is current.
 */
export type PreviewStatus = 'missing' | 'current' | 'changed' | 'outdated';

export type BuildRefusal = { kind: 'unavailable' } | { kind: 'failed'; message: string };
export type PreviewOutcome = { kind: 'built'; record: PreviewRecord } | BuildRefusal;
export type PublishOutcome =
  /** historyProblem: why the publish is not in the history (no git repository, or the commit failed: the reason is in the log). */
  | { kind: 'published'; production: boolean; commit: string | null; historyProblem: 'noRepository' | 'commitFailed' | null }
  | { kind: 'stale' }
  | BuildRefusal;
export type UndoOutcome = PublishOutcome | { kind: 'refused'; refusal: UndoRefusal } | { kind: 'noHistory' };

export interface ContentService {
  readonly dataDir: string;
  /** Null when the site is not served from releases (a plain dist/ folder): nothing can be previewed or published. */
  readonly layout: SiteLayout | null;
  /** One save, preview, publish or undo at a time. */
  readonly queue: <T>(work: () => Promise<T>) => Promise<T>;
  /** The git repository whose data/ is the data folder, or null (no history then). */
  repository(): Promise<string | null>;
  /** The draft: the data's version now and what differs from the last publish (nothing known without a repository). */
  draft(words: ConsoleWords): Promise<{ version: string; changes: FileChange[] }>;
  /** The preview as last built, or null. */
  previewRecord(): PreviewRecord | null;
  /** Whether the preview is current for data/ at `version` (dataVersion). */
  previewStatus(version: string): PreviewStatus;
  /** The addresses of the preview's pages that differ from the served site's. */
  previewPages(): string[];
  preview(): Promise<PreviewOutcome>;
  /** Publishes data/ when it is still `version` (what the owner previewed); `message` is the commit's. */
  publish(version: string, message: string): Promise<PublishOutcome>;
  /** Reverts one publish (a commit of the history) in data/ and publishes that; `message` is made from the publish reverted. */
  undo(commit: string, message: (reverted: Publish) => string): Promise<UndoOutcome>;
  /** Puts data/ back as the last publish left it, when it is still `version` (what the owner saw listed). */
  discard(version: string): Promise<'discarded' | 'stale' | 'noHistory'>;
  /** What one commit of the history changed, in the owner's words. */
  changesOf(publish: Publish, words: ConsoleWords): Promise<FileChange[]>;
}

interface Parts {
  dataDir: string;
  layout: SiteLayout | null;
  /** The server's SITE_URL, for the builds (null: data/site.yaml's url). */
  siteUrl: string | null;
  log: Log;
  repository: () => Promise<string | null>;
}

function readPreviewRecord(layout: SiteLayout | null): PreviewRecord | null {
  if (!layout || !existsSync(layout.previewRecord)) return null;
  try {
    return JSON.parse(readFileSync(layout.previewRecord, 'utf8')) as PreviewRecord;
  } catch {
    return null;
  }
}

/** The name of the release `dist` stands for now. */
const releaseServedNow = (layout: SiteLayout) => basename(realpathSync(layout.dist));

function previewStatusOf({ dataDir, layout, siteUrl }: Parts, version: string = dataVersion(dataDir)): PreviewStatus {
  const record = readPreviewRecord(layout);
  if (!layout || !record) return 'missing';
  if (record.version !== version) return 'changed';
  // A record of an older server has neither: outdated, so it is built again.
  return record.served === releaseServedNow(layout) && record.siteUrl === siteUrl ? 'current' : 'outdated';
}

async function buildPreview({ dataDir, layout, siteUrl, log }: Parts): Promise<PreviewOutcome> {
  if (!layout) return { kind: 'unavailable' };
  const version = dataVersion(dataDir);
  // Taken before the build: a release made while it runs may hold other code.
  const served = releaseServedNow(layout);
  const built = await runBuild(dataDir, ['--out', layout.preview], siteUrl);
  if (!built.ok) {
    log(`Owner's console: the preview was not built: ${built.message}`);
    return { kind: 'failed', message: built.message };
  }
  const goLive = loadSiteFacts(layout.preview, log)?.goLive ?? [];
  const record: PreviewRecord = { version, builtAt: new Date().toISOString(), required: goLive.filter(refusedInProduction).length, served, siteUrl };
  writeFileSync(layout.previewRecord, JSON.stringify(record));
  return { kind: 'built', record };
}

/**
 * Makes data/ as it is the served release: its current preview, promoted; without one, a build
 * that writes the release itself (one process, not a preview and its promotion). Says whether it
 * is what a production build makes (no item it refuses), or why it failed (the log has the build's message).
 */
async function publishRelease({ dataDir, layout, siteUrl, log }: Parts & { layout: SiteLayout }, current: PreviewRecord | null): Promise<{ production: boolean } | BuildRefusal> {
  // The preview is the release: the same build of the same data (a production build differs only
  // in refusing while a required go-live item is open, which the preview's count says).
  const made = await runBuild(dataDir, current ? ['--promote', layout.preview, '--dist', layout.dist] : ['--dist', layout.dist], siteUrl);
  // A promoted preview's folder now holds the spare release's files (the next preview writes into
  // them); an outdated preview is of no use. Either way its record is gone.
  rmSync(layout.previewRecord, { force: true });
  if (!made.ok) {
    log(`Owner's console: not published, the release was not made: ${made.message}`);
    return { kind: 'failed', message: made.message };
  }
  const required = current ? current.required : (loadSiteFacts(realpathSync(layout.dist), log)?.goLive ?? []).filter(refusedInProduction).length;
  return { production: required === 0 };
}

/** Publishes data/ as it is: the release made (publishRelease), then data/ committed (run in the queue). */
async function release(parts: Parts, message: string): Promise<PublishOutcome> {
  const { layout, log } = parts;
  if (!layout) return { kind: 'unavailable' };
  const made = await publishRelease({ ...parts, layout }, previewStatusOf(parts) === 'current' ? readPreviewRecord(layout) : null);
  if ('kind' in made) return made;
  const { production } = made;
  log(`Owner's console: published${production ? ' (production build)' : ''}: ${message.split('\n')[0]}`);
  const repo = await parts.repository();
  if (repo === null) return { kind: 'published', production, commit: null, historyProblem: 'noRepository' };
  try {
    return { kind: 'published', production, commit: await commitData(repo, message), historyProblem: null };
  } catch (error) {
    log(`Owner's console: published, but the commit of data/ failed: ${(error as Error).message}`);
    return { kind: 'published', production, commit: null, historyProblem: 'commitFailed' };
  }
}

export function contentService({ dataDir, distDir, siteUrl, log }: { dataDir: string; distDir: string; siteUrl: string | null; log: Log }): ContentService {
  const queue = saveQueue();
  const layout = siteLayout(distDir);
  let known: Promise<string | null> | undefined;
  const repository = () => {
    // The project's checkout: its data/ is the data folder (docs/owner-console.md says why).
    known ??= basename(dataDir) === 'data' ? isRepository(dirname(dataDir)).then((yes) => (yes ? dirname(dataDir) : null)) : Promise.resolve(null);
    return known;
  };
  const parts: Parts = { dataDir, layout, siteUrl, log, repository };

  return {
    dataDir,
    layout,
    queue,
    repository,
    async draft(words) {
      const version = dataVersion(dataDir);
      const repo = await repository();
      if (repo === null) return { version, changes: [] };
      const files = await unpublishedFiles(repo);
      const changes = await Promise.all(files.map(async (file) => describeChange(file, await fileAt(repo, 'HEAD', file), existsSync(join(repo, file)) ? readFileSync(join(repo, file), 'utf8') : null, words, dataDir)));
      return { version, changes };
    },
    previewRecord: () => readPreviewRecord(layout),
    previewStatus: (version) => previewStatusOf(parts, version),
    previewPages: () => (layout && existsSync(layout.preview) ? changedPages(realpathSync(layout.dist), layout.preview) : []),
    preview: () => queue(() => buildPreview(parts)),
    publish: (version, message) => queue(async () => (version === dataVersion(dataDir) ? release(parts, message) : { kind: 'stale' })),
    undo: (commit, message) =>
      queue(async (): Promise<UndoOutcome> => {
        const repo = await repository();
        if (repo === null) return { kind: 'noHistory' };
        const reverted = (await listPublishes(repo, 1000)).find((publish) => publish.commit === commit);
        if (!reverted) return { kind: 'refused', refusal: { kind: 'unknown', commit } };
        const done = await revertPublish(repo, commit);
        if (!done.ok) return { kind: 'refused', refusal: done };
        // The trailer names the publish undone, so the history marks it (revertedCommits).
        const outcome = await release(parts, `${message(reverted)}\n\n${REVERTS_TRAILER}: ${reverted.commit}`);
        // A build that failed leaves data/ as the last publish had it: an undo is never half done.
        if (outcome.kind !== 'published') await discardDraft(repo);
        return outcome;
      }),
    discard: (version) =>
      queue(async () => {
        const repo = await repository();
        if (repo === null) return 'noHistory';
        if (version !== dataVersion(dataDir)) return 'stale';
        await discardDraft(repo);
        return 'discarded';
      }),
    async changesOf(publish, words) {
      const repo = await repository();
      if (repo === null) return [];
      const before = (await hasParent(repo, publish.commit)) ? `${publish.commit}^` : null;
      return Promise.all(publish.files.map(async (file) => describeChange(file, before === null ? null : await fileAt(repo, before, file), await fileAt(repo, publish.commit, file), words, dataDir)));
    },
  };
}
