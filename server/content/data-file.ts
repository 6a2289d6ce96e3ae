// A file of data/ as the owner's console edits it (docs/owner-console.md, "Editing the data"): read
// with its version (the SHA-256 of its bytes, carried by the form so that a save over a file that
// changed since is refused), checked by the build's own checks on a copy of data/ with the change
// (build/check-data.ts, in a child process: the server never imports the build), and written
// atomically: a temporary file beside it, then a rename, so a reader sees the old or the new file,
// never half of one. The file is always one the page names, never one a request names.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GoLiveItem } from '../../core/go-live.ts';
import { buildEnv } from './site-build.ts';

/** The data files the console may write; the page names one, never the request. */
export type DataFileName =
  | 'prices.yaml'
  | 'claims.yaml'
  // The texts of the pages (server/content/text-pages.ts).
  | 'home.yaml'
  | 'services.yaml'
  | 'prices-page.yaml'
  | 'about.yaml'
  | 'contact-page.yaml'
  | 'reviews-page.yaml'
  | 'place-pages.yaml'
  | 'order-form.yaml'
  | 'phone-script.yaml'
  | 'error-pages.yaml'
  | 'layout.yaml'
  | 'navigation.yaml'
  | 'contact-form.yaml'
  | 'messages.yaml'
  // The trust pages (server/content/text-forms.ts, TRUST_FORMS).
  | `trust/${string}.md`
  // The business facts and the legal texts (server/content/contact-form.ts, legal-form.ts, version-form.ts, legal-text-forms.ts).
  | 'site.yaml'
  | 'legal/impressum.md'
  | 'legal/agb.md'
  | 'legal/datenschutz.md'
  | 'legal/widerruf.md'
  | PlacesFileName;
/** A file of data/places/ (the Orte form, server/content/places-data.ts); which one, the town's address decides. */
export type PlacesFileName = `places/${string}.yaml`;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHECK_COMMAND = join(ROOT, 'build/check-data.ts');
/** The build's checks load all of data/: about 1.7 s on an idle 2-core machine; a loaded one may take many times that. */
const CHECK_TIMEOUT_MS = 90_000;

export interface DataFileState {
  text: string;
  /** SHA-256 of the bytes, hex. */
  version: string;
}

export const versionOf = (text: string): string => createHash('sha256').update(text).digest('hex');

export function readDataFile(dataDir: string, name: DataFileName): DataFileState {
  const text = readFileSync(join(dataDir, name), 'utf8');
  return { text, version: versionOf(text) };
}

export function writeDataFile(dataDir: string, name: DataFileName, text: string): void {
  const path = join(dataDir, name);
  // Beside the file, also for one in a folder of data/ (trust/…).
  const temporary = join(dataDir, dirname(name), `.${basename(name)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text, { flush: true });
    // The file keeps its permissions (the service's umask of 0077 would make a new one private).
    chmodSync(temporary, statSync(path).mode & 0o7777);
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** A problem the build's checks found, as the build says it, with its line in its file. */
export interface BuildProblem {
  /** "data/prices.yaml" */
  file: string;
  line: number | null;
  /** The build's English line, for the operator and the owner's technician. */
  message: string;
}

/** What the build's checks say about a data folder: its problems, and its go-live items when it has none. */
export interface DataCheck {
  problems: BuildProblem[];
  goLive: GoLiveItem[];
}

/**
 * Runs build/check-data.ts on `folder`, its go-live items with the server's SITE_URL as a build
 * would find them; throws when the check itself could not run (the reason for the operator's log).
 */
export async function checkDataFolder(folder: string, siteUrl: string | null = null): Promise<DataCheck> {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', CHECK_COMMAND, '--data', folder], { cwd: ROOT, env: buildEnv(siteUrl), timeout: CHECK_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, out, err) =>
      error ? reject(new Error(`build/check-data.ts failed: ${err.trim() || error.message}`)) : resolve(out),
    );
  });
  return JSON.parse(stdout) as DataCheck;
}

/**
 * What `npm run build` would say about data/ with `name` changed to `text` (and the files of
 * `alsoWritten` added): no problems, or the build's. Throws when the check itself could not run
 * (the reason for the operator's log).
 */
export async function buildProblems(dataDir: string, name: DataFileName, text: string, alsoWritten: readonly { path: string; bytes: Uint8Array }[] = []): Promise<BuildProblem[]> {
  const copy = join(mkdtempSync(join(tmpdir(), 'console-check-')), 'data');
  try {
    cpSync(dataDir, copy, { recursive: true });
    writeFileSync(join(copy, name), text);
    // A new photo (server/content/photo-save.ts): `path` is relative to data/, made by the server.
    for (const file of alsoWritten) writeFileSync(join(copy, file.path), file.bytes);
    return (await checkDataFolder(copy)).problems;
  } finally {
    rmSync(join(copy, '..'), { recursive: true, force: true });
  }
}

/** One save at a time: reading the version, checking and writing happen without another save in between. */
export function saveQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };
}
