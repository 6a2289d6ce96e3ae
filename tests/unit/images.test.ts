import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImage, processImages, variantWidths, type ProcessedImage } from '../../build/assets/images.ts';

let root: string;
const dir = (name: string) => join(root, name);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'images-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A small JPEG with shapes, so that the encoders have real content to compress. */
async function makeSource(path: string, width: number, height: number, accent = '#f2a900'): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#0b3a66"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${height / 3}" fill="${accent}"/>
    <rect x="${width / 2}" y="${height / 4}" width="${width / 3}" height="${height / 2}" fill="#f6f4ef"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(path);
}

async function filesIn(outDir: string): Promise<string[]> {
  return (await readdir(join(outDir, 'img'))).sort();
}

function urlsOf(image: ProcessedImage): string[] {
  const srcsets = [...image.sources.map((s) => s.srcset), image.jpeg.srcset];
  return srcsets.flatMap((srcset) => srcset.split(', ').map((entry) => entry.split(' ')[0]!));
}

describe('processImage', () => {
  it('writes AVIF and JPEG at every requested width the source can fill, and its own width', async () => {
    const source = dir('Tür Öffnung.jpg');
    await makeSource(source, 500, 300);
    const image = await processImage(source, { outDir: dir('out-formats'), cacheDir: dir('cache-formats'), widths: [200, 400, 1600] });

    const files = await filesIn(dir('out-formats'));
    expect(files).toHaveLength(6);
    const expectedFormat = { avif: 'heif', jpg: 'jpeg' } as const;
    for (const file of files) {
      const match = /^tuer-oeffnung-(\d+)\.[0-9a-f]{8}\.(avif|jpg)$/.exec(file);
      expect(match, file).not.toBeNull();
      const width = Number(match![1]);
      expect([200, 400, 500]).toContain(width);
      const meta = await sharp(join(dir('out-formats'), 'img', file)).metadata();
      expect(meta.format).toBe(expectedFormat[match![2] as keyof typeof expectedFormat]);
      expect([meta.width, meta.height]).toEqual([width, Math.round((300 * width) / 500)]);
    }

    expect(urlsOf(image).sort()).toEqual(files.map((file) => `/img/${file}`));
    expect(image.sources.map((s) => s.type)).toEqual(['image/avif']);
    expect(image.jpeg.srcset).toMatch(/^\/img\/tuer-oeffnung-200\.\w{8}\.jpg 200w, .*-400\.\w{8}\.jpg 400w, .*-500\.\w{8}\.jpg 500w$/);
    expect([image.width, image.height]).toEqual([500, 300]);
    expect(image.largest).toEqual({ src: expect.stringMatching(/-500\.\w{8}\.jpg$/), width: 500, height: 300 });
    expect(image.fallback).toEqual(image.largest);
    expect(image.cached).toBe(false);
  });

  it('turns the image upright by its EXIF orientation and strips all metadata', async () => {
    const source = dir('sideways.jpg');
    const landscape = dir('landscape.jpg');
    await makeSource(landscape, 300, 200);
    // Orientation 6: stored landscape, shown rotated a quarter turn clockwise, i.e. portrait.
    await sharp(landscape).keepExif().withMetadata({ orientation: 6 }).toFile(source);
    const image = await processImage(source, { outDir: dir('out-exif'), cacheDir: dir('cache-exif'), widths: [200] });

    expect([image.width, image.height]).toEqual([200, 300]);
    for (const file of await filesIn(dir('out-exif'))) {
      const meta = await sharp(join(dir('out-exif'), 'img', file)).metadata();
      expect([meta.width, meta.height], file).toEqual([200, 300]);
      expect(meta.orientation, file).toBeUndefined();
      expect(meta.exif, file).toBeUndefined();
    }
  });

  it('serves an unchanged source from the cache with byte-identical files', async () => {
    const source = dir('cached.jpg');
    await makeSource(source, 400, 300);
    const options = { cacheDir: dir('cache-shared'), widths: [200, 400] };
    const first = await processImage(source, { ...options, outDir: dir('out-first') });
    const second = await processImage(source, { ...options, outDir: dir('out-second') });

    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect({ ...second, cached: false, files: [] }).toEqual({ ...first, files: [] });
    expect(second.files.map((file) => file.replace('out-second', 'out-first'))).toEqual(first.files);
    const files = await filesIn(dir('out-first'));
    expect(await filesIn(dir('out-second'))).toEqual(files);
    for (const file of files) {
      const [a, b] = await Promise.all(
        ['out-first', 'out-second'].map((out) => readFile(join(dir(out), 'img', file))),
      );
      expect(Buffer.compare(a!, b!), file).toBe(0);
    }
  });

  it('gives every file a new name when the source bytes change', async () => {
    const source = dir('changing.jpg');
    const options = { cacheDir: dir('cache-changing'), widths: [200] };
    await makeSource(source, 300, 200);
    await processImage(source, { ...options, outDir: dir('out-before') });
    await makeSource(source, 300, 200, '#64748b');
    const after = await processImage(source, { ...options, outDir: dir('out-after') });

    const before = await filesIn(dir('out-before'));
    const now = await filesIn(dir('out-after'));
    expect(now).toHaveLength(2);
    expect(now.filter((file) => before.includes(file))).toEqual([]);
    expect(after.cached).toBe(false);
  });

  it('names the missing source in its error', async () => {
    const source = dir('gallery-fehlt.jpg');
    await expect(processImage(source, { outDir: dir('out-missing'), cacheDir: dir('cache-missing') })).rejects.toThrow(
      /gallery-fehlt\.jpg: image source not found\. Add the file or correct the path that names it\./,
    );
  });

  it('names a file that is not an image in its error', async () => {
    const source = dir('notiz.jpg');
    await writeFile(source, 'Foto folgt.\n');
    await expect(processImage(source, { outDir: dir('out-text'), cacheDir: dir('cache-text') })).rejects.toThrow(
      /notiz\.jpg: not an image that can be read \(.+\)\. Save it as JPEG, PNG, WebP or AVIF\./,
    );
  });
});

describe('processImages', () => {
  it('returns each image under its source path and tells which came from the cache', async () => {
    const a = dir('schloss.jpg');
    const b = dir('tresor.jpg');
    await makeSource(a, 300, 200);
    await makeSource(b, 300, 200, '#f6f4ef');
    const options = { outDir: dir('out-many'), cacheDir: dir('cache-many'), widths: [200] };
    await processImage(a, options);
    const images = await processImages([a, b, a], options);

    expect(Object.keys(images)).toEqual([a, b]);
    expect(images[a]!.cached).toBe(true);
    expect(images[b]!.cached).toBe(false);
    expect(images[b]!.largest.src).toMatch(/^\/img\/tresor-200\.[0-9a-f]{8}\.jpg$/);
  });
});

describe('variantWidths', () => {
  it('never asks for more pixels than the source has', () => {
    expect(variantWidths(1600, [400, 800, 1200, 1600])).toEqual([400, 800, 1200, 1600]);
    expect(variantWidths(1000, [400, 800, 1200, 1600])).toEqual([400, 800, 1000]);
    expect(variantWidths(300, [400, 800])).toEqual([300]);
  });
});
