// Saving one photo of the Fotos form (docs/owner-console.md, "Photos"): a new picture, its
// description and its caption. Like every save of the console (server/content/save.ts): only the
// photo's own fields, the file's version the form was opened on, every typed value checked, then
// the build's own checks on a copy of data/ with the new picture and the changed file; only then is
// the picture written to data/images/ under a name made here and the data file changed in place.
// On any refusal nothing of data/ changes. The picture replaced is deleted once no data file names
// it: the published one stays in git's history (the publish commits data/, server/content/history.ts).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { Log } from '../context.ts';
import { buildProblems, readDataFile, writeDataFile } from './data-file.ts';
import { FOCUS_CHOICES, keptName, keptPhoto, PIXEL_LIMIT, SMALLEST, type Focus } from './photo-image.ts';
import { imageStillNamed, sitePhotos, type Photo, type PhotoText } from './photos.ts';
import { editDataFile, parseDataText, scalarAt, type DataEdit } from './yaml-edit.ts';

/** The hidden and extra fields of a photo's form; no data path starts with "_". */
export const PHOTO_FIELDS = { version: '_version', focus: '_focus' } as const;

export interface PhotoUpload {
  /** The posted text fields. */
  fields: ReadonlyMap<string, string>;
  /** The posted files by field name (an empty file field is not among them). */
  files: ReadonlyMap<string, Uint8Array>;
}

export type PhotoOutcome =
  | { kind: 'unknownField'; name: string }
  | { kind: 'conflict'; typed: ReadonlyMap<string, string> }
  | { kind: 'problems'; typed: ReadonlyMap<string, string>; problems: ReadonlyMap<string, string> }
  | { kind: 'checkFailed'; typed: ReadonlyMap<string, string> }
  | { kind: 'unchanged' }
  | { kind: 'removed' }
  | { kind: 'saved'; texts: { key: PhotoText; before: string; after: string }[]; picture: string | null; examplesOff?: string };

type Words = ConsoleWords['photos'];

/** A file name of data/images/ as the schemas allow it (core/schema/home.ts): nothing else is ever deleted. */
const IMAGE_NAME = /^[a-z0-9-]+\.(jpe?g|png|webp)$/;

/** Characters of each text: a description says what the photo shows; a caption line fits under it. */
export const TEXT_LENGTH: Record<PhotoText, [number, number]> = { alt: [10, 250], title: [2, 60], subtitle: [2, 120] };

/** The typed texts as values, or their problems, by data path. */
function typedTexts(photo: Photo, fields: ReadonlyMap<string, string>, words: Words) {
  const edits: (DataEdit & { key: PhotoText; before: string })[] = [];
  const problems = new Map<string, string>();
  for (const [key, text] of Object.entries(photo.texts) as [PhotoText, { path: string; value: string }][]) {
    const typed = fields.get(text.path);
    if (typed === undefined) continue;
    const value = typed.replace(/\s+/g, ' ').trim();
    const [min, max] = TEXT_LENGTH[key];
    if (value.length < min || value.length > max) problems.set(text.path, fillSlots(key === 'alt' ? words.problems.alt : words.problems.text, { min, max }));
    else if (value !== text.value) edits.push({ key, path: text.path, value, before: text.value });
  }
  return { edits, problems };
}

/** The numbers the refusals name, from the limits themselves. */
const REFUSAL_SLOTS = { megapixels: PIXEL_LIMIT / 1_000_000, width: SMALLEST.width, height: SMALLEST.height };

const focusOf = (typed: string | undefined): Focus | null => FOCUS_CHOICES.find((choice) => choice === (typed ?? 'centre')) ?? null;

/** Writes the picture beside its final name, then renames it: a reader never sees half a file. */
function writePicture(dataDir: string, name: string, bytes: Uint8Array): void {
  const path = join(dataDir, 'images', name);
  const temporary = join(dataDir, 'images', `.${name}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, bytes, { flush: true });
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** A photo's post read and checked: its typed texts, the changed ones, and the new picture; or the outcome that ends the save. */
export type PostedPhoto = { typed: Map<string, string>; edits: (DataEdit & { key: PhotoText; before: string })[]; jpeg: Buffer | null };

/** Checks a photo's post: only its fields, the version, every text, the focus and the picture (decoded by sharp only). */
export async function postedPhoto(photo: Photo, upload: PhotoUpload, words: ConsoleWords, log: Log): Promise<PostedPhoto | { outcome: PhotoOutcome }> {
  const known = new Set([photo.image.path, ...Object.values(photo.texts).map((text) => text.path), PHOTO_FIELDS.version, PHOTO_FIELDS.focus]);
  const unknown = [...upload.fields.keys(), ...upload.files.keys()].find((name) => !known.has(name) || (upload.files.has(name) && name !== photo.image.path));
  if (unknown !== undefined) return { outcome: { kind: 'unknownField', name: unknown } };
  const uploaded = upload.files.get(photo.image.path) ?? null;
  const typed = new Map([...upload.fields].filter(([name]) => !name.startsWith('_') || name === PHOTO_FIELDS.focus));
  const { edits, problems } = typedTexts(photo, upload.fields, words.photos);
  // The shipped drawing's description would describe the new photo wrongly.
  const alt = photo.texts.alt;
  if (uploaded !== null && photo.placeholder && alt && !problems.has(alt.path) && !edits.some((edit) => edit.key === 'alt')) problems.set(alt.path, words.photos.problems.drawingAlt);
  const focus = focusOf(upload.fields.get(PHOTO_FIELDS.focus));
  if (focus === null) problems.set(PHOTO_FIELDS.focus, words.form.problems.choice);
  if (problems.size === 0 && edits.length === 0 && uploaded === null) return { outcome: { kind: 'unchanged' } };
  if (upload.fields.get(PHOTO_FIELDS.version) !== photo.version) return { outcome: { kind: 'conflict', typed } };
  let jpeg: Buffer | null = null;
  if (uploaded !== null && focus !== null) {
    const kept = await keptPhoto(uploaded, focus);
    if ('refused' in kept) problems.set(photo.image.path, fillSlots(words.photos.problems[kept.refused], REFUSAL_SLOTS));
    else jpeg = kept.jpeg;
  }
  if (problems.size > 0) {
    log(`Owner's console: photo ${photo.slug} not saved: ${[...problems.keys()].join(', ')} refused.`);
    return { outcome: { kind: 'problems', typed, problems } };
  }
  return { typed, edits, jpeg };
}

/**
 * Writes the picture and `text` as the photo's data file once the build's checks take them on a
 * copy of data/ and the file is still the version `text` was made from; otherwise the outcome
 * that says why nothing was written. `at` is the field that gets a problem the build names.
 */
export async function writeChecked(dataDir: string, photo: Photo, change: { version: string; text: string; picture: { name: string; jpeg: Buffer } | null; typed: ReadonlyMap<string, string>; at: string }, words: ConsoleWords['form'], log: Log): Promise<PhotoOutcome | null> {
  const { picture, typed } = change;
  let found;
  try {
    found = await buildProblems(dataDir, photo.file, change.text, picture ? [{ path: `images/${picture.name}`, bytes: picture.jpeg }] : []);
  } catch (error) {
    log(`Owner's console: photo ${photo.slug} not saved, the build's check did not run: ${(error as Error).message}`);
    return { kind: 'checkFailed', typed };
  }
  if (found.length > 0) {
    log(`Owner's console: photo ${photo.slug} not saved, the build refuses the change:\n${found.map((problem) => `- ${problem.message}`).join('\n')}`);
    const message = [...new Set(found.map((problem) => fillSlots(words.problems.build, { message: problem.message })))].join(' ');
    return { kind: 'problems', typed, problems: new Map([[change.at, message]]) };
  }
  if (readDataFile(dataDir, photo.file).version !== change.version) return { kind: 'conflict', typed };
  if (picture) writePicture(dataDir, picture.name, picture.jpeg);
  try {
    writeDataFile(dataDir, photo.file, change.text);
  } catch (error) {
    if (picture) rmSync(join(dataDir, 'images', picture.name), { force: true });
    throw error;
  }
  return null;
}

/** The flag that makes the home page call its gallery placeholder drawings (core/schema/home.ts). */
const EXAMPLES = 'gallery.examples';

/**
 * When `photo` is the gallery's last shipped drawing and the page still says so: the gallery's lead,
 * which visitors read instead of the placeholder note once the flag is off; null otherwise.
 */
function lastDrawingReplaced(dataDir: string, photo: Photo, homeText: string): string | null {
  if (photo.place !== 'gallery') return null;
  if (sitePhotos(dataDir).some((other) => other.place === 'gallery' && other.slug !== photo.slug && other.placeholder)) return null;
  const document = parseDataText(homeText);
  return scalarAt(document, EXAMPLES)?.value === true ? String(scalarAt(document, 'gallery.lead')?.value ?? '') : null;
}

/** Deletes a picture of data/images/ that no data file names any more; returns its name when it did. */
export function deleteUnnamedPicture(dataDir: string, name: string): string | null {
  if (!IMAGE_NAME.test(name) || imageStillNamed(dataDir, name)) return null;
  rmSync(join(dataDir, 'images', name), { force: true });
  return name;
}

/** Saves a new picture, description or caption of a photo the site has. */
export async function savePhoto(dataDir: string, photo: Photo, upload: PhotoUpload, words: ConsoleWords, log: Log): Promise<PhotoOutcome> {
  const posted = await postedPhoto(photo, upload, words, log);
  if ('outcome' in posted) return posted.outcome;
  const { typed, edits, jpeg } = posted;
  const picture = jpeg ? { name: keptName(photo.slug, jpeg), jpeg } : null;
  const allEdits: DataEdit[] = [...(picture ? [{ path: photo.image.path, value: picture.name }] : []), ...edits.map(({ path, value }) => ({ path, value }))];
  const current = readDataFile(dataDir, photo.file);
  const lead = picture ? lastDrawingReplaced(dataDir, photo, current.text) : null;
  if (lead !== null) allEdits.push({ path: EXAMPLES, value: false });
  const text = editDataFile(photo.file, current.text, allEdits).text;
  const refused = await writeChecked(dataDir, photo, { version: current.version, text, picture, typed, at: allEdits[0]!.path }, words.form, log);
  if (refused) return refused;
  const replaced = picture && photo.image.value !== picture.name ? deleteUnnamedPicture(dataDir, photo.image.value) : null;
  log(`Owner's console: photo ${photo.slug} saved in data/${photo.file}: ${allEdits.map((edit) => `${edit.path} = ${JSON.stringify(edit.value)}`).join(', ')}${replaced ? `; data/images/${replaced} deleted, no data file names it` : ''}.`);
  return { kind: 'saved', texts: edits.map(({ key, before, value }) => ({ key, before, after: String(value) })), picture: picture?.name ?? null, ...(lead !== null ? { examplesOff: lead } : {}) };
}
