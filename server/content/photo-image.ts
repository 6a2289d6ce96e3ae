// An uploaded photo made into the JPEG the site keeps in data/images/ (docs/owner-console.md,
// "Photos"). Only sharp looks at the bytes: the uploaded name, extension and MIME type are never
// trusted. What sharp does not read as a JPEG, PNG, WebP or HEIF/AVIF photo (an SVG, a GIF, a PDF,
// a text renamed .jpg) is refused, and so is a picture of more pixels than PIXEL_LIMIT before it is
// decoded: a few kilobytes of PNG can declare 50,000 × 50,000 pixels, 7.5 GB once decoded.
// The kept JPEG is cut to 4:3, the shape every photo of the site is shown in (the gallery's
// `aspect-ratio: 4 / 3; object-fit: cover`, templates/styles/gallery.css), around the part the owner
// chose, at most 1600 × 1200 (the build's widest variant, build/assets/images.ts) and without the
// camera's EXIF and GPS data: sharp writes none unless asked to keep it.
import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';

/** The largest photo taken: 15 MiB, more than a phone's JPEG or HEIC of 50 megapixels. */
export const UPLOAD_LIMIT_BYTES = 15 * 1024 * 1024;
/** 100 megapixels: a 108 MP phone photo at full size is refused, its usual 12 MP export is not. */
export const PIXEL_LIMIT = 100_000_000;
/** The kept photo: 4:3, at most the build's widest variant, at least the gallery's 800 px on a large screen. */
const LARGEST = { width: 1600, height: 1200 };
export const SMALLEST = { width: 800, height: 600 };
const READ_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** The part of the photo kept when it is cut to 4:3 (sharp's `position`). */
export const FOCUS_CHOICES = ['centre', 'top', 'bottom', 'left', 'right'] as const;
export type Focus = (typeof FOCUS_CHOICES)[number];

/** Why an upload is not taken; each has its German message in data/console.yaml, `photos.problems`. */
export type PhotoRefusal = 'notPhoto' | 'heic' | 'unreadable' | 'tooManyPixels' | 'tooSmall';

export interface KeptPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** The photo as the site keeps it, or why it is refused. */
export async function keptPhoto(bytes: Uint8Array, focus: Focus): Promise<KeptPhoto | { refused: PhotoRefusal }> {
  // Loaded on the first upload, not with the server (libvips takes about 80 ms to load).
  const sharp = (await import('sharp')).default;
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, so the size is checked below, not by sharp's own limit.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { refused: 'notPhoto' };
  }
  if (!READ_FORMATS.has(meta.format)) return { refused: 'notPhoto' };
  const { width, height } = meta.autoOrient;
  if (!width || !height) return { refused: 'notPhoto' };
  if (width * height > PIXEL_LIMIT) return { refused: 'tooManyPixels' };
  // The largest 4:3 part of the photo, then no wider than LARGEST.
  const cutWidth = Math.min(width, Math.floor((height * 4) / 3));
  if (cutWidth < SMALLEST.width) return { refused: 'tooSmall' };
  const out = { width: Math.min(LARGEST.width, cutWidth), height: Math.round((Math.min(LARGEST.width, cutWidth) * 3) / 4) };
  try {
    const jpeg = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT })
      .autoOrient()
      .resize({ ...out, fit: 'cover', position: focus })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return { jpeg, ...out };
  } catch {
    // An iPhone's HEIC is HEVC, which this sharp (libheif without an HEVC decoder) cannot read.
    return { refused: meta.format === 'heif' && meta.compression === 'hevc' ? 'heic' : 'unreadable' };
  }
}

/** The kept photo's name in data/images/: the photo's slug and a hash of its bytes, never the uploaded name. */
export function keptName(slug: string, jpeg: Uint8Array): string {
  if (!/^[a-z0-9-]+$/.test(slug)) throw new Error(`"${slug}" cannot be part of a file name in data/images/`);
  return `${slug}-${createHash('sha256').update(jpeg).digest('hex').slice(0, 10)}.jpg`;
}
