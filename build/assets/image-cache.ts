// Encoded images kept between builds, keyed by a hash of the source bytes and the settings.
import { constants } from 'node:fs';
import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT_DIR } from '../root.ts';

export const DEFAULT_CACHE_DIR = join(ROOT_DIR, '.cache/images');

export interface ImageCache {
  /** Copies the cached file to `target`; false when nothing is cached under `key`. */
  restore(key: string, ext: string, target: string): Promise<boolean>;
  store(key: string, ext: string, data: Uint8Array): Promise<void>;
}

export function openImageCache(dir: string = DEFAULT_CACHE_DIR): ImageCache {
  let ready: Promise<unknown> | undefined;
  const file = (key: string, ext: string) => join(dir, `${key}.${ext}`);

  return {
    async restore(key, ext, target) {
      try {
        // Named by the hash of source and settings: a file of the cached size is that file (a rebuild rewrites nothing).
        const [cached, present] = await Promise.all([stat(file(key, ext)), stat(target).catch(() => undefined)]);
        if (present?.size === cached.size) return true;
        // A reflink where the file system has them, else a plain copy; never a hard link,
        // so nothing done to dist/ can alter the cache.
        await copyFile(file(key, ext), target, constants.COPYFILE_FICLONE);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async store(key, ext, data) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      // Write then rename, so an interrupted build never leaves a truncated entry behind.
      const temporary = `${file(key, ext)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file(key, ext));
    },
  };
}
