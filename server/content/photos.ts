// The photos of the site as the console's Fotos form sees them (docs/owner-console.md, "Photos"):
// each gallery photo of data/home.yaml (`gallery.items`, named by its `id`) and the photo of a trust
// page's front matter (`image` of data/trust/lokaler-handwerker.md). A photo names its data file,
// which is fixed here, never taken from a request, and the data paths of its values in that file,
// which are the names of its form's fields.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDataFile, parseDataText } from './yaml-edit.ts';
import { readDataFile, type DataFileName } from './data-file.ts';

/** The trust pages that may carry a photo; the only Markdown files the Fotos form writes. */
const TRUST_PHOTO_FILES = ['trust/lokaler-handwerker.md'] as const satisfies readonly DataFileName[];

/** The text fields of a photo: its description, and for a gallery photo the two lines under it. */
export type PhotoText = 'alt' | 'title' | 'subtitle';

export interface Photo {
  /** Its address under /intern/inhalte/fotos/ ("galerie-tueroeffnung", "seite-lokaler-handwerker"). */
  slug: string;
  file: DataFileName;
  /** "gallery": a photo of the home page's gallery; "page": the photo of a trust page. */
  place: 'gallery' | 'page';
  /** What the owner calls it: the gallery photo's title, or the page's short title. */
  name: string;
  /** The file in data/images/ and its data path. */
  image: { path: string; value: string };
  /** The text values with their data paths; a trust page's photo has only `alt`. */
  texts: Partial<Record<PhotoText, { path: string; value: string }>>;
  /** The file's version (SHA-256) when it was read. */
  version: string;
  /** Whether its picture is still one of the shipped drawings (data/images/placeholders.sha256). */
  placeholder: boolean;
}


const objectOf = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const string = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The SHA-256 of the shipped drawings, as `npm run check` knows them (build/check.ts). */
function placeholderHashes(dataDir: string): Set<string> {
  const list = join(dataDir, 'images', 'placeholders.sha256');
  return new Set(existsSync(list) ? readFileSync(list, 'utf8').split('\n').map((line) => line.split(/\s+/)[0]!).filter(Boolean) : []);
}

function isPlaceholder(dataDir: string, name: string, hashes: ReadonlySet<string>): boolean {
  const path = join(dataDir, 'images', name);
  return /^[a-z0-9-]+\.(jpe?g|png|webp)$/.test(name) && existsSync(path) && hashes.has(createHash('sha256').update(readFileSync(path)).digest('hex'));
}

function galleryPhotos(dataDir: string): Photo[] {
  const { text, version } = readDataFile(dataDir, 'home.yaml');
  const hashes = placeholderHashes(dataDir);
  const items = objectOf(parseDataText(text).toJS()).gallery;
  const list = Array.isArray(objectOf(items).items) ? (objectOf(items).items as unknown[]) : [];
  // An id the schema refuses (core/schema/home.ts) names no photo here: it becomes part of a file name.
  return list.map(objectOf).filter((item) => /^[a-z0-9-]+$/.test(string(item.id))).map((item) => {
    const id = string(item.id);
    const at = (key: string) => ({ path: `gallery.items.${id}.${key}`, value: string(item[key]) });
    return { slug: `galerie-${id}`, file: 'home.yaml', place: 'gallery', name: string(item.title), image: at('image'), texts: { alt: at('alt'), title: at('title'), subtitle: at('subtitle') }, version, placeholder: isPlaceholder(dataDir, string(item.image), hashes) };
  });
}

function pagePhotos(dataDir: string): Photo[] {
  const hashes = placeholderHashes(dataDir);
  return TRUST_PHOTO_FILES.flatMap((file): Photo[] => {
    const { text, version } = readDataFile(dataDir, file);
    const front = objectOf(parseDataFile(file, text).toJS());
    const image = objectOf(front.image);
    if (!front.image) return [];
    const slug = `seite-${file.replace(/^trust\/|\.md$/g, '')}`;
    return [{ slug, file, place: 'page', name: string(front.shortTitle), image: { path: 'image.file', value: string(image.file) }, texts: { alt: { path: 'image.alt', value: string(image.alt) } }, version, placeholder: isPlaceholder(dataDir, string(image.file), hashes) }];
  });
}

/** Every photo the form can change, gallery first, each with its file's version now. */
export function sitePhotos(dataDir: string): Photo[] {
  return [...galleryPhotos(dataDir), ...pagePhotos(dataDir)];
}

/**
 * Whether any YAML or Markdown file of data/ still names the image (before it is deleted as
 * replaced): what a developer named elsewhere by hand is kept too. The READMEs describe the shipped
 * files and name no photo of a page.
 */
export function imageStillNamed(dataDir: string, name: string): boolean {
  const files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(ya?ml|md)$/.test(file) && !/(^|\/)README\.md$/.test(file));
  return files.some((file) => readFileSync(join(dataDir, file), 'utf8').includes(name));
}
