// Removing a photo from the home page's gallery (docs/owner-console.md, "Photos"): its item is cut
// out of `gallery.items` of data/home.yaml in the file's own text, line for line, so everything else
// stays byte for byte; saved like any photo (server/content/photo-save.ts: the version, the build's
// checks on a copy, then the write), and its picture deleted once no data file names it. The last
// photo stays: the gallery has at least one (core/schema/home.ts).
import type { Log } from '../context.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { readDataFile } from './data-file.ts';
import { deleteUnnamedPicture, writeChecked, type PhotoOutcome } from './photo-save.ts';
import { sitePhotos, type Photo } from './photos.ts';
import { DataPathError, documentPath, parseDataText } from './yaml-edit.ts';
import { removeListItem } from './yaml-list-edit.ts';

const LIST = 'gallery.items';

/** Whether `photo` may be removed: a gallery photo, and not the gallery's last. */
export function removable(dataDir: string, photo: Photo): boolean {
  return photo.place === 'gallery' && sitePhotos(dataDir).filter((other) => other.place === 'gallery').length > 1;
}

/** The file's text without the item `id` of the block list at `listPath` (server/content/yaml-list-edit.ts removes it with its own lines). */
export function removeListItemById(text: string, listPath: string, id: string): string {
  const keys = documentPath(parseDataText(text), `${listPath}.${id}`);
  if (keys === null) throw new DataPathError(`${listPath} has no item "${id}"`);
  return removeListItem(text, keys.slice(0, -1), keys.at(-1) as number);
}

export async function removeGalleryPhoto(dataDir: string, photo: Photo, version: unknown, words: ConsoleWords, log: Log): Promise<PhotoOutcome> {
  if (version !== photo.version) return { kind: 'conflict', typed: new Map() };
  const current = readDataFile(dataDir, photo.file);
  const text = removeListItemById(current.text, LIST, photo.slug.replace(/^galerie-/, ''));
  const refused = await writeChecked(dataDir, photo, { version: current.version, text, picture: null, typed: new Map(), at: photo.image.path }, words.form, log);
  if (refused) return refused;
  const deleted = deleteUnnamedPicture(dataDir, photo.image.value);
  log(`Owner's console: photo ${photo.slug} removed from data/home.yaml${deleted ? `; data/images/${deleted} deleted, no data file names it` : ''}.`);
  return { kind: 'removed' };
}
