// The write step: the build's files go into dist/ as they are made, instead of being held: a file
// is hashed, written and compressed (build/write/compress.ts, on libuv's thread pool while the main
// thread renders the next page), and then forgotten. At most MAX_IN_FLIGHT files wait for their
// compression, so memory stays flat in the number of pages.
//
// A rebuild writes only what changed: dist/_server/files.json records each file's content hash
// with the size and modification time it was written with. A file whose hash is unchanged and
// whose copy in dist/ (with its compressed siblings) still has that size and time is left alone. At the
// end everything in dist/ that this build did not make or keep is deleted, so nothing stale is
// served.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { z } from 'zod';
import { brotliQuality, siblingsOf, type CompressionCache } from './compress.ts';

/** Files compressing at once; enough to keep the thread pool busy, few enough to hold little. */
const MAX_IN_FLIGHT = 16;
/** In dist/_server/ (core/build-server-contract.ts SERVER_FOLDER), not served. */
export const FILES_MANIFEST = '_server/files.json';

const writtenSchema = z.object({
  hash: z.string(),
  /** Size and mtime of the file and of its compressed siblings, as written. */
  stamps: z.array(z.string()),
  /** Brotli size, for the build's summary. */
  brotli: z.number(),
});
export type Written = z.infer<typeof writtenSchema>;
/** The record dist/_server/files.json holds: what each file was written as. */
export const writtenRecordSchema = z.record(z.string(), writtenSchema);

/** How the writer tells one version of a file from another. */
export function writerHash(content: Uint8Array): string {
  return createHash('sha1').update(content).digest('base64url');
}

/** What a written file and its siblings are recognised by: size and modification time. */
function stampFrom(found: Stats | undefined): string {
  return found ? `${found.size}:${found.mtimeMs}` : 'missing';
}

async function stampOf(path: string): Promise<string> {
  return stampFrom(await stat(path).catch(() => undefined));
}

/** Whether the last build wrote this content (`hash`) and its files are still as it left them (`stamps`): then nothing is written. */
function stillWritten(before: Written | undefined, hash: string, stamps: string[]): before is Written {
  return before !== undefined && before.hash === hash && stamps.join() === before.stamps.join();
}

/** Where `file` (relative to dist/) and its compressed siblings lie under `outDir`, in the order of a record's stamps. */
function pathsOf(outDir: string, file: string): { target: string; siblings: string[] } {
  return { target: join(outDir, file), siblings: siblingsOf(file).map((sibling) => join(outDir, sibling)) };
}

export class DistWriter {
  private readonly previous: Map<string, Written>;
  private readonly current = new Map<string, Written>();
  /** Files made by other steps (images) that must survive the clean-up. */
  private readonly kept = new Set<string>();
  /** Folders made or being made, so each is made once and before its first file. */
  private readonly folders = new Map<string, Promise<unknown>>();
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown;
  written = 0;
  unchanged = 0;
  bytes = 0;
  brotliBytes = 0;

  constructor(
    private readonly outDir: string,
    private readonly compression: CompressionCache,
  ) {
    this.previous = new Map();
    try {
      // A record of another shape (another version of the build, a damaged file) counts as none.
      const entries = writtenRecordSchema.safeParse(JSON.parse(readFileSync(join(outDir, FILES_MANIFEST), 'utf8')));
      if (entries.success) for (const [file, written] of Object.entries(entries.data)) this.previous.set(file, written);
    } catch {
      // No earlier build here (or an unreadable record): everything is written.
    }
    mkdirSync(outDir, { recursive: true });
  }

  /** Files under dist/ another step wrote (absolute paths); kept at the end. */
  keep(paths: Iterable<string>): void {
    for (const path of paths) this.kept.add(relative(this.outDir, path).split(sep).join('/'));
  }

  /** Queues `content` for `file` (relative to dist/) and resolves when there is room for the next one. `placePage`: see build/write/compress.ts. */
  async add(file: string, content: Uint8Array | string, placePage = false): Promise<void> {
    this.put(file, content, placePage);
    await this.room();
  }

  /** Whether MAX_IN_FLIGHT files are being written: the next `put` should wait for `room`. */
  get busy(): boolean {
    return this.inFlight.size >= MAX_IN_FLIGHT;
  }

  /** Resolves once fewer than MAX_IN_FLIGHT files are being written. */
  async room(): Promise<void> {
    while (this.busy) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
  }

  /**
   * Queues `content` for `file` without waiting (the caller keeps to `busy`). `knownHash`: the
   * content's `writerHash`, when the thread that made it computed it already.
   */
  put(file: string, content: Uint8Array | string, placePage = false, knownHash?: string): void {
    const quality = brotliQuality(file, placePage);
    if (this.failure) throw this.failure;
    if (this.current.has(file)) throw new Error(`The build made ${file} twice.`);
    const body = typeof content === 'string' ? Buffer.from(content) : content;
    const hash = knownHash ?? writerHash(body);
    this.bytes += body.length;
    const { target, siblings } = pathsOf(this.outDir, file);
    const before = this.previous.get(file);
    // Claimed at once, so a second add of the same file is caught before its write ends.
    this.current.set(file, { hash, stamps: [], brotli: 0 });
    // Every file system call runs on the thread pool: creating a file costs about 0.4 ms here,
    // which the main thread spends rendering the next page instead.
    const done = (async () => {
      const stamps = () => Promise.all([target, ...siblings].map(stampOf));
      if (stillWritten(before, hash, await stamps())) {
        this.current.set(file, before);
        this.unchanged += 1;
        this.brotliBytes += before.brotli;
        return;
      }
      const folder = dirname(target);
      let made = this.folders.get(folder);
      if (!made) {
        made = mkdir(folder, { recursive: true });
        this.folders.set(folder, made);
      }
      await made;
      await writeFile(target, body);
      this.written += 1;
      const brotli = siblings.length > 0 ? await this.compression.compressTo(body, siblings, quality) : 0;
      this.brotliBytes += brotli;
      this.current.set(file, { hash, stamps: await stamps(), brotli });
    })().catch((error: unknown) => {
      this.failure ??= error;
    });
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
  }

  /** Waits for every compression, deletes what this build did not make, and records what it did. */
  async finish(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
    const wanted = new Set(this.kept);
    wanted.add(FILES_MANIFEST);
    for (const file of this.current.keys()) {
      wanted.add(file);
      for (const sibling of siblingsOf(file)) wanted.add(sibling);
    }
    removeUnwanted(this.outDir, this.outDir, wanted);
    const record = Object.fromEntries([...this.current].sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(join(this.outDir, FILES_MANIFEST), `${JSON.stringify(record)}\n`);
  }
}

/** Deletes every file under `folder` not in `wanted` (paths relative to `root`), and folders left empty. */
function removeUnwanted(folder: string, root: string, wanted: ReadonlySet<string>): boolean {
  let empty = true;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (removeUnwanted(path, root, wanted)) rmdirSync(path);
      else empty = false;
    } else if (wanted.has(relative(root, path).split(sep).join('/'))) {
      empty = false;
    } else {
      rmSync(path, { force: true });
    }
  }
  return empty && folder !== root;
}
