// Data files as the last build parsed them, kept in .cache/parsed/ for the next one, as .cache/
// keeps the images and the compressed files. Parsing data/'s 240 KB of YAML and the postcode table
// took about 200 ms of every build (the yaml library, while its code is still cold); reading their
// parsed form back takes about 2 ms. A rebuild after the owner edits one file parses that file.
//
// An entry is named by a hash of the file's text, of the parser's name (the caller's, to be changed
// with how it parses) and of package-lock.json (the parsers' versions). Only what parsed without
// error is kept: a file with a mistake is parsed, and reported, every time. Validation (zod) always
// runs on the result (build/load/files.ts). An entry that cannot be read counts as none; one that cannot
// be written only costs time. Without it a rebuild into the previous output took 12–27 % longer
// (docs/performance.md, "What the build keeps in .cache/, and its render workers").
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { contentHash } from '../hash.ts';
import { ROOT_DIR } from '../root.ts';

const FOLDER = join(ROOT_DIR, '.cache/parsed');
const LOCK_FILE = join(ROOT_DIR, 'package-lock.json');

/** The entries this process read or wrote. */
const used = new Set<string>();

/** `parse(text)`, or what it returned for the same text, parser and locked versions before. */
export function parsedOnce<T>(text: string, parser: string, parse: (text: string) => T): T {
  const name = contentHash(`${parser}\0${lockedVersions()}\0${text}`, 32);
  used.add(name);
  try {
    return deserialize(readFileSync(join(FOLDER, name))) as T;
  } catch {
    // Not kept yet.
  }
  const value = parse(text);
  let entry: Buffer;
  try {
    entry = serialize(value);
  } catch {
    return value;
  }
  try {
    writeEntry(join(FOLDER, name), entry);
  } catch {
    // A full disk or a read-only checkout: the next build parses again.
  }
  // What the next build reads, not what the parser made: the parser's strings are slices of the
  // file's text and kept the whole text alive for the build (1.8 MB at 10,000 places).
  return deserialize(entry) as T;
}

/** Deletes the entries this process did not use (the build calls it once the data is loaded): the folder holds one set. */
export function forgetUnusedParses(): void {
  keepOnly(FOLDER, used);
}

let locked: string | undefined;

/** A hash of package-lock.json (the parsers' versions), or a fixed word without one. */
function lockedVersions(): string {
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
function writeEntry(file: string, content: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** Deletes every entry of `folder` but those named in `kept` (and files still being written by some build). */
function keepOnly(folder: string, kept: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) if (!kept.has(name) && !name.endsWith('.tmp')) rmSync(join(folder, name), { force: true });
}
