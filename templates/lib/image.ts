// The one definition of a responsive image: build/assets/images.ts produces it, templates render it.
// Templates may not import build code, so the type lives here and the build imports it.

/** One encoded file at one size. */
export interface ImageFile {
  /** URL under /img/, content-hashed and therefore immutable. */
  src: string;
  width: number;
  height: number;
}

/** A `<source>` element: every width of one modern format. */
export interface ImageSource {
  type: 'image/avif';
  /** `"/img/a-400.1a2b3c4d.avif 400w, /img/a-800.5e6f7a8b.avif 800w"` */
  srcset: string;
}

/** One image in several widths and formats, ready for a `<picture>` element. JSON-safe. */
export interface ResponsiveImage {
  /** Size of the widest variant; use for the `width`/`height` attributes that reserve space. */
  width: number;
  height: number;
  /** Alt text belongs to the content that shows the image, never to the file. */
  alt?: never;
  /** The JPEG about 800 px wide, for `<img src>`. */
  fallback: ImageFile;
  /** The AVIF widths; a browser without AVIF takes the JPEG of `<img>`. */
  sources: [ImageSource & { type: 'image/avif' }];
  /** Every JPEG width, for `<img srcset>`. */
  jpeg: { srcset: string };
  /** The widest JPEG, for the full-screen viewer and og:image. */
  largest: ImageFile;
}
