import type { Site } from '../../data/schema/site.ts';
import { CallButton } from '../components/ContactButtons.tsx';
import { Icon } from '../components/Icon.tsx';

// Texts of spec section 2 "Not found", to the letter.
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
      <div className="button-row">
        <a className="btn btn-primary btn-large" href="/">
          <Icon name="house" />
          Zur Startseite
        </a>
        <CallButton site={site} location="404" className="btn btn-call btn-large">
          <span>Jetzt anrufen</span>
        </CallButton>
      </div>
      <nav aria-label="Beliebte Seiten">
        <h2>Vielleicht suchen Sie:</h2>
        <ul className="link-list">
          {LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
