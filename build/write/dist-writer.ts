// The write step: a file goes into dist/ as soon as it is made, by the thread that made it, and is
// then forgotten, so memory stays flat in the number of pages. It is hashed, written and
// compressed at once (`writeFile`, build/write/compress.ts); the render workers write the place
// pages they make the same way (build/render/worker.ts), and this thread's DistWriter keeps the
// record of every file.
//
// A rebuild writes only what changed: dist/_server/files.json records each file's content hash
// with the size and modification time it was written with. A file whose hash is unchanged and
// whose copy in dist/ (with its compressed siblings) still has that size and time is left alone. At
// the end everything in dist/ that this build did not make or keep is deleted, so nothing stale is
// served.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { z } from 'zod';
import { brotliQuality, siblingsOf, writeCompressed, type CompressionCache } from './compress.ts';

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

/** A file written (or left as the last build wrote it), for the record. */
export interface WriteResult {
  entry: Written;
  written: boolean;
}

/** How the writer tells one version of a file from another. */
export function writerHash(content: Uint8Array): string {
  return createHash('sha1').update(content).digest('base64url');
}

/** What a written file and its siblings are recognised by: size and modification time. */
function stampOf(path: string): string {
  const found = statSync(path, { throwIfNoEntry: false });
  return found ? `${found.size}:${found.mtimeMs}` : 'missing';
}

/**
 * Writes `body` as `file` (relative to `outDir`) with its compressed siblings, on this thread and
 * at once, unless the last build wrote the same (`before`, from its record) and it is still there.
 * `hash`: `writerHash(body)`; `cache`: where results of the slowest compression are kept (this
 * thread's; none on a render worker, whose place pages are compressed quickly).
 */
export function writeFile(outDir: string, file: string, body: Uint8Array, hash: string, quality: number, before: Written | undefined, cache?: CompressionCache): WriteResult {
  const target = join(outDir, file);
  const siblings = siblingsOf(file).map((sibling) => join(outDir, sibling));
  const stamps = () => [target, ...siblings].map(stampOf);
  if (before !== undefined && before.hash === hash && stamps().join() === before.stamps.join()) return { entry: before, written: false };
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, body);
  const brotli = siblings.length > 0 ? writeCompressed(body, siblings, quality, cache) : 0;
  return { entry: { hash, stamps: stamps(), brotli }, written: true };
}

export class DistWriter {
  private readonly previous = new Map<string, Written>();
  private readonly current = new Map<string, Written>();
  /** Files made by other steps (images) that must survive the clean-up. */
  private readonly kept = new Set<string>();
  written = 0;
  unchanged = 0;
  bytes = 0;
  brotliBytes = 0;

  constructor(
    private readonly outDir: string,
    private readonly compression: CompressionCache,
  ) {
    try {
      // A record of another shape (another version of the build, a damaged file) counts as none.
      const entries = writtenRecordSchema.safeParse(JSON.parse(readFileSync(join(outDir, FILES_MANIFEST), 'utf8')));
      if (entries.success) for (const [file, written] of Object.entries(entries.data)) this.previous.set(file, written);
    } catch {
      // No earlier build here (or an unreadable record): everything is written.
    }
    mkdirSync(outDir, { recursive: true });
  }

  /** What the last build into this folder wrote as `file`, for a thread that writes it. */
  before(file: string): Written | undefined {
    return this.previous.get(file);
  }

  /** Files under dist/ another step wrote (absolute paths); kept at the end. */
  keep(paths: Iterable<string>): void {
    for (const path of paths) this.kept.add(relative(this.outDir, path).split(sep).join('/'));
  }

  /** Writes `content` as `file` (relative to dist/) now. `placePage`: see build/write/compress.ts; `hash`: the content's `writerHash`, when its thread made it. */
  write(file: string, content: Uint8Array | string, placePage = false, hash?: string): void {
    const body = typeof content === 'string' ? Buffer.from(content) : content;
    this.record(file, body.length, writeFile(this.outDir, file, body, hash ?? writerHash(body), brotliQuality(file, placePage), this.previous.get(file), this.compression));
  }

  /** Takes note of a file written (`writeFile`), on this thread or a render worker's; `size`: before compression. */
  record(file: string, size: number, { entry, written }: WriteResult): void {
    if (this.current.has(file)) throw new Error(`The build made ${file} twice.`);
    this.current.set(file, entry);
    this.bytes += size;
    this.brotliBytes += entry.brotli;
    if (written) this.written += 1;
    else this.unchanged += 1;
  }

  /** Deletes what this build did not make, and records what it did. */
  finish(): void {
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
