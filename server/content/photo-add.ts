// A new photo for the home page's gallery (docs/owner-console.md, "Photos"): the form's last entry.
// Its fields are named by the data paths the new item will have under the placeholder id `neu`
// (`gallery.items.neu.alt`); the item's real id is made from its title. The item is appended to
// `gallery.items` of data/home.yaml in the file's own text, written like the item before it, so
// comments and formatting around it stay byte for byte (server/content/yaml-list-edit.ts, as for
// a new town). Saved like a replaced photo (server/content/photo-save.ts).
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import { slug as slugOf } from '../../core/slugs.ts';
import type { Log } from '../context.ts';
import { readDataFile } from './data-file.ts';
import { keptName } from './photo-image.ts';
import { postedPhoto, TEXT_LENGTH, writeChecked, type PhotoOutcome, type PhotoUpload } from './photo-save.ts';
import { sitePhotos, type Photo, type PhotoText } from './photos.ts';
import { insertListItem } from './yaml-list-edit.ts';

/** The gallery's most photos (core/schema/home.ts): a 13th is not offered. */
export const GALLERY_MAX = 12;
const LIST = 'gallery.items';
const NEW_ID = 'neu';

/** The form for a new gallery photo, or null while the gallery is full. */
export function galleryAddition(dataDir: string, words: ConsoleWords['photos']): Photo | null {
  const gallery = sitePhotos(dataDir).filter((photo) => photo.place === 'gallery');
  if (gallery.length >= GALLERY_MAX) return null;
  const at = (key: string) => ({ path: `${LIST}.${NEW_ID}.${key}`, value: '' });
  return { slug: NEW_ID, file: 'home.yaml', place: 'gallery', name: words.addTitle, image: at('image'), texts: { alt: at('alt'), title: at('title'), subtitle: at('subtitle') }, version: readDataFile(dataDir, 'home.yaml').version, placeholder: false };
}

/** An id for the new photo from its title, unlike every other photo's ("tuerschloss", "tuerschloss-2"). */
function newId(title: string, taken: readonly string[]): string {
  const base = slugOf(title) || 'foto';
  let id = base;
  for (let n = 2; taken.includes(id) || id === NEW_ID; n += 1) id = `${base}-${n}`;
  return id;
}

export async function addGalleryPhoto(dataDir: string, photo: Photo, upload: PhotoUpload, words: ConsoleWords, log: Log): Promise<PhotoOutcome> {
  const posted = await postedPhoto(photo, upload, words, log);
  if ('outcome' in posted && (posted.outcome.kind === 'unknownField' || posted.outcome.kind === 'conflict')) return posted.outcome;
  // Everything is required: the picture and each text.
  const problems = new Map('outcome' in posted && posted.outcome.kind === 'problems' ? posted.outcome.problems : []);
  if (!upload.files.has(photo.image.path)) problems.set(photo.image.path, words.photos.problems.missing);
  for (const [key, field] of Object.entries(photo.texts)) {
    const [min, max] = TEXT_LENGTH[key as PhotoText];
    if (!upload.fields.get(field.path)?.trim() && !problems.has(field.path)) problems.set(field.path, fillSlots(key === 'alt' ? words.photos.problems.alt : words.photos.problems.text, { min, max }));
  }
  if ('outcome' in posted || problems.size > 0) return { kind: 'problems', typed: new Map([...upload.fields].filter(([name]) => !name.startsWith('_') || name === '_focus')), problems };
  const { typed, edits, jpeg } = posted;
  const value = (key: string) => String(edits.find((edit) => edit.key === key)?.value ?? '');
  const id = newId(value('title'), sitePhotos(dataDir).map((other) => other.slug.replace(/^galerie-/, '')));
  const picture = { name: keptName(`galerie-${id}`, jpeg!), jpeg: jpeg! };
  const current = readDataFile(dataDir, 'home.yaml');
  const text = insertListItem(current.text, ['gallery', 'items'], { id, image: picture.name, alt: value('alt'), title: value('title'), subtitle: value('subtitle') });
  const refused = await writeChecked(dataDir, photo, { version: current.version, text, picture, typed, at: photo.image.path }, words.form, log);
  if (refused) return refused;
  log(`Owner's console: photo galerie-${id} added to data/home.yaml with data/images/${picture.name}.`);
  return { kind: 'saved', texts: [], picture: picture.name };
}
