import { Icon } from './Icon.tsx';

/**
 * Two-click map: nothing comes from Google until the visitor presses "Karte laden"
 * (client/map-embed.ts swaps in the frame); the link opens the map in a new tab without JavaScript.
 */
export function MapEmbed({ embedUrl, linkUrl, linkLabel, title }: { embedUrl: string; linkUrl: string; linkLabel: string; title: string }) {
  return (
    <div className="map-embed" data-map-embed={embedUrl} data-map-title={title}>
      <p>
        Die Karte wird von Google Maps geladen. Erst wenn Sie auf „Karte laden“ klicken, werden Daten (z. B. Ihre IP-Adresse) an Google übertragen.{' '}
        <a href="/datenschutz">Mehr in der Datenschutzerklärung</a>.
      </p>
      <button type="button" className="btn btn-primary" data-map-load hidden>
        Karte laden
      </button>
      <a className="text-link" href={linkUrl} target="_blank" rel="noopener noreferrer">
        <Icon name="map-pin" size={18} /> {linkLabel}
      </a>
    </div>
  );
}
