// What the build's own memories in .cache/ share (build/render/first-screen-memory.ts,
// build/load/parsed-data.ts): the locked package versions their names depend on, read once a process;
// writing an entry so that no build started at the same time reads half of it; and keeping a
// folder to the entries this build uses. (The image cache, build/assets/image-cache.ts, writes the same
// way on the thread pool.)
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentHash } from '../hash.ts';

/** One folder below the project root, as from build/launch.mjs's bundle in .cache/. */
const LOCK_FILE = fileURLToPath(new URL('../package-lock.json', import.meta.url));

let locked: string | undefined;

/** A hash of package-lock.json (the parsers' and postcss's versions), or a fixed word without one. */
export function lockedVersions(): string {
  locked ??= (() => {
    try {
      return contentHash(readFileSync(LOCK_FILE), 16);
    } catch {
      return 'no lock file';
    }
  })();
  return locked;
}

/** Writes `file` under another name first and renames it, creating its folder if needed. */
export function writeEntry(file: string, content: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** Deletes every entry of `folder` but those named in `kept` (and files still being written by some build). */
export function keepOnly(folder: string, kept: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) if (!kept.has(name) && !name.endsWith('.tmp')) rmSync(join(folder, name), { force: true });
}
