// An uploaded picture made into the JPEG the site keeps (server/content/photo-image.ts), with
// pictures sharp makes here: the formats taken and refused, the smallest and the largest, the 4:3
// cut around the part chosen, and the name made from the photo and the bytes, never the upload.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { keptName, keptPhoto, type Focus } from '../../server/content/photo-image.ts';

/** A picture whose top (or left) half is red and the other half blue. */
function split(width: number, height: number, along: 'top' | 'left') {
  const half = along === 'top' ? { width, height: Math.floor(height / 2) } : { width: Math.floor(width / 2), height };
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([{ input: { create: { ...half, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }]);
}

async function centreColour(jpeg: Buffer): Promise<'red' | 'blue'> {
  const { width, height } = await sharp(jpeg).metadata();
  const { data } = await sharp(jpeg).extract({ left: Math.floor(width / 2), top: Math.floor(height / 2), width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return data[0]! > data[2]! ? 'red' : 'blue';
}

const kept = async (bytes: Buffer, focus: Focus = 'centre') => keptPhoto(bytes, focus);

describe('keptPhoto', () => {
  it('takes JPEG, PNG, WebP and AVIF (HEIF) alike and keeps a 4:3 JPEG of at most 1600 × 1200', async () => {
    const base = sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#808080' } });
    for (const bytes of [await base.clone().jpeg().toBuffer(), await base.clone().png().toBuffer(), await base.clone().webp().toBuffer(), await base.clone().avif({ effort: 0 }).toBuffer()]) {
      const result = await kept(bytes);
      expect(result).toMatchObject({ width: 1600, height: 1200 });
      if (!('jpeg' in result)) throw new Error('refused');
      expect(await sharp(result.jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    }
  });

  it('refuses a GIF, a PDF-like text and a picture under 800 × 600 after the cut, and keeps a small 4:3 one at its size', async () => {
    const gif = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080' } }).gif().toBuffer();
    expect(await kept(gif)).toEqual({ refused: 'notPhoto' });
    expect(await kept(Buffer.from('%PDF-1.7\n1 0 obj\n'))).toEqual({ refused: 'notPhoto' });
    // 1000 × 700 is wide enough, but its 4:3 part is only 933 × 700: kept as that.
    expect(await kept(await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#808080' } }).jpeg().toBuffer())).toMatchObject({ width: 933, height: 700 });
    // 1200 × 500: its 4:3 part is 666 wide.
    expect(await kept(await sharp({ create: { width: 1200, height: 500, channels: 3, background: '#808080' } }).jpeg().toBuffer())).toEqual({ refused: 'tooSmall' });
  });

  it('keeps the part the owner chose when a tall or wide picture is cut to 4:3', async () => {
    const tall = await split(1200, 2400, 'top').png().toBuffer();
    const wide = await split(3200, 1200, 'left').png().toBuffer();
    const colour = async (bytes: Buffer, focus: Focus) => {
      const result = await kept(bytes, focus);
      if (!('jpeg' in result)) throw new Error(result.refused);
      return centreColour(result.jpeg);
    };
    expect(await colour(tall, 'top')).toBe('red');
    expect(await colour(tall, 'bottom')).toBe('blue');
    expect(await colour(wide, 'left')).toBe('red');
    expect(await colour(wide, 'right')).toBe('blue');
  });

  it('names the kept picture after the photo and its bytes, and refuses a name that is no slug', () => {
    const bytes = Buffer.from('jpeg bytes');
    expect(keptName('galerie-tresor', bytes)).toMatch(/^galerie-tresor-[0-9a-f]{10}\.jpg$/);
    expect(keptName('galerie-tresor', bytes)).toBe(keptName('galerie-tresor', Buffer.from('jpeg bytes')));
    expect(keptName('galerie-tresor', bytes)).not.toBe(keptName('galerie-tresor', Buffer.from('other bytes')));
    expect(() => keptName('../site', bytes)).toThrow();
  });
});
