// Responsive images for route tables built in unit tests, without running sharp over the photos,
// and the asset addresses a page rendered there names, without building them.
import { HOME_WORDS, wordsOf } from '../../build/routes/index.ts';
import type { SiteData } from '../../build/load/site-data.ts';
import type { PageContext } from '../../templates/lib/context.ts';
import type { ResponsiveImage } from '../../templates/lib/image.ts';

export const FAKE_ASSETS: PageContext['assets'] = { css: '/assets/site.css', js: '/assets/site.js', bootCode: '', icon: '/favicon.svg', consentDetails: '/assets/consent-details.html' };

export function fakeImages(data: SiteData): Record<string, ResponsiveImage> {
  const image = {
    width: 1600,
    height: 1200,
    fallback: { src: '/img/x-800.jpg', width: 800, height: 600 },
    largest: { src: '/img/x-1600.jpg', width: 1600, height: 1200 },
    sources: [{ type: 'image/avif', srcset: '/img/x.avif 800w' }],
    jpeg: { srcset: '/img/x-800.jpg 800w' },
  };
  return Object.fromEntries(wordsOf(data, HOME_WORDS).gallery.items.map((item) => [item.image, structuredClone(image) as never]));
}
