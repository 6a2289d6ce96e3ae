// The first screens of the last build (build/first-screen-css.ts), kept in .cache/first-screen/ for
// the next one, as the compressed files and images are kept in .cache/: a rebuild after a change of
// the data uses the same stylesheet, so its pages need the same first screens. Without it, every
// thread parsed the stylesheet (25–100 ms while the code is still cold) and computed about 20 first
// screens (about 5 ms each) each build.
//
// The file is named by a hash of what decides a first screen's CSS from its words: the built
// stylesheet, the code that chooses (build/first-screen-css.ts) and the locked versions of postcss
// and what else package-lock.json pins. Another stylesheet or another version of that code finds
// no file and computes afresh; its file replaces the old one. A file that cannot be read or does
// not have the expected shape counts as none.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { keepOnly, lockedVersions, writeEntry } from './cache-entry.ts';
import { contentHash } from './hash.ts';

const FOLDER = 'first-screen';

/** The memory's file for this stylesheet and this code, or null when build/first-screen-css.ts cannot be read under `codeRoot`. */
export function memoryFile(cacheDir: string, codeRoot: string, css: string): string | null {
  try {
    const code = readFileSync(join(codeRoot, 'build/first-screen-css.ts'), 'utf8');
    return join(cacheDir, FOLDER, `${contentHash([css, code, lockedVersions()].join('\0'), 32)}.json`);
  } catch {
    return null;
  }
}

/**
 * What a build learned of the first screens (build/first-screen-css.ts), for the next build with
 * the same stylesheet and the same code: the stylesheet's words and the CSS of each first screen
 * computed so far, by its key (the markup's words, then the script's others). A file of another
 * shape counts as no memory.
 */
const MEMORY = z.object({ vocabulary: z.array(z.string()), variants: z.array(z.tuple([z.string(), z.string()])) });
export type FirstScreenMemory = z.infer<typeof MEMORY>;

/** What the last build with this stylesheet and code kept, if anything. */
export function recall(file: string | null): FirstScreenMemory | undefined {
  if (file === null) return undefined;
  try {
    const parsed = MEMORY.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `memory` as the only file of its folder. */
export function remember(file: string | null, memory: FirstScreenMemory): void {
  if (file === null) return;
  writeEntry(file, JSON.stringify(memory));
  keepOnly(dirname(file), new Set([basename(file)]));
}
