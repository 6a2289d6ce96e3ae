import { useLayoutWords } from '../layout/words.ts';
import { Icon } from './Icon.tsx';
import { LinkedText } from './LinkedText.tsx';

/** The attribute that marks a map; the build allows the map's frame on the pages that carry it (build/site-files/security-policy.ts). */
export const MAP_EMBED_ATTRIBUTE = 'data-map-embed';

/**
 * Two-click map: nothing comes from Google until the visitor presses "Karte laden"
 * (client/map-embed.ts swaps in the frame); the link opens the map in a new tab without JavaScript.
 */
export function MapEmbed({ embedUrl, linkUrl, linkLabel, title }: { embedUrl: string; linkUrl: string; linkLabel: string; title: string }) {
  const words = useLayoutWords().map;
  return (
    <div className="map-embed" {...{ [MAP_EMBED_ATTRIBUTE]: embedUrl }} data-map-title={title}>
      <p>
        <LinkedText text={words.notice} />
      </p>
      <button type="button" className="btn btn-primary" data-map-load hidden>
        {words.load}
      </button>
      <a className="text-link" href={linkUrl} target="_blank" rel="noopener noreferrer">
        <Icon name="map-pin" size={18} /> {linkLabel}
      </a>
    </div>
  );
}
