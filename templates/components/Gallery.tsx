import type { ResponsiveImage } from '../lib/image.ts';
import { useLayoutWords } from '../layout/words.ts';
import { Icon } from './Icon.tsx';
import { Picture } from './Picture.tsx';

interface GalleryItem {
  image: string;
  alt: string;
  title: string;
  subtitle: string;
}

interface GalleryProps {
  items: GalleryItem[];
  images: Record<string, ResponsiveImage>;
}

function imageOf(images: GalleryProps['images'], name: string): ResponsiveImage {
  const image = images[name];
  if (!image) throw new Error(`Gallery image "${name}" was not processed; is it in data/images/?`);
  return image;
}

// Without JavaScript each image links its largest JPEG; client/gallery.ts opens the viewer.
export function Gallery({ items, images }: GalleryProps) {
  return (
    <ul className="card-grid gallery">
      {items.map((item, index) => {
        const image = imageOf(images, item.image);
        return (
          <li key={item.image}>
            <a className="gallery-item" href={image.largest.src} data-gallery-item data-index={index} data-caption={`${item.title} – ${item.subtitle}`}>
              <Picture image={image} alt={item.alt} sizes="(min-width: 1100px) 260px, (min-width: 640px) 45vw, 92vw" />{' '}
              <span className="gallery-caption">
                <strong>{item.title}</strong>{' '}
                <span>{item.subtitle}</span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The full-screen viewer; rendered outside the faded-in sections so it never inherits their opacity. */
export function GalleryViewer({ items, images }: GalleryProps) {
  const words = useLayoutWords().gallery;
  const first = items[0];
  return (
    <div className="viewer" data-viewer hidden role="dialog" aria-modal="true" aria-label={words.label}>
      <figure className="viewer-figure">
        {/* A lazy image inside a hidden dialog is not fetched until the viewer shows it. */}
        <img data-viewer-img src={first && imageOf(images, first.image).largest.src} alt={first?.alt ?? ''} loading="lazy" decoding="async" />
        <figcaption>
          <span data-viewer-caption></span> <span className="viewer-counter" data-viewer-counter></span>
        </figcaption>
      </figure>
      <button type="button" className="viewer-button viewer-prev" data-viewer-prev aria-label={words.previous}>
        <Icon name="chevron-left" size={32} />
      </button>
      <button type="button" className="viewer-button viewer-next" data-viewer-next aria-label={words.next}>
        <Icon name="chevron-right" size={32} />
      </button>
      <button type="button" className="viewer-button viewer-close" data-viewer-close aria-label={words.close}>
        <Icon name="x" size={28} />
      </button>
    </div>
  );
}
