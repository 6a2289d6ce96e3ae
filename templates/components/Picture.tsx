import type { ResponsiveImage } from '../lib/image.ts';

/** A responsive <picture>: AVIF, WebP, JPEG; width and height set so nothing shifts. */
export function Picture({ image, alt, sizes, className, eager = false }: { image: ResponsiveImage; alt: string; sizes: string; className?: string; eager?: boolean }) {
  return (
    <picture className={className}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.fallback.src}
        srcSet={image.jpeg.srcset}
        sizes={sizes}
        width={image.fallback.width}
        height={image.fallback.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    </picture>
  );
}
