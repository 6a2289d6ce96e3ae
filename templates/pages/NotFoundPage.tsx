import { LinkItems } from '../components/LinkItems.tsx';
import type { Site } from '../../data/schema/site.ts';
import { HomeAndCall } from '../components/HomeAndCall.tsx';

// The old site's 404 texts and links, to the letter (docs/decisions.md, 'Not-found page').
const LINKS = [
  { href: '/leistungen/tueroeffnung', label: 'Türöffnung' },
  { href: '/leistungen/schlosswechsel', label: 'Schlosswechsel' },
  { href: '/einsatzgebiet', label: 'Einsatzgebiet' },
  { href: '/kontakt', label: 'Kontakt' },
];

export function NotFoundPage({ site }: { site: Site }) {
  return (
    <div className="container page-narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Seite nicht gefunden</h1>
      <p className="hero-lead">Die angeforderte Seite konnte leider nicht gefunden werden.</p>
      <HomeAndCall site={site} location="404">
        <span>Jetzt anrufen</span>
      </HomeAndCall>
      <nav aria-label="Beliebte Seiten">
        <h2>Vielleicht suchen Sie:</h2>
        <ul className="link-list">
          <LinkItems links={LINKS} />
        </ul>
      </nav>
    </div>
  );
}
