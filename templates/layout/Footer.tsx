import { LinkItems } from '../components/LinkItems.tsx';
import type { PageContext } from '../lib/context.ts';
import { CallButton } from '../components/ContactButtons.tsx';
import { Logo } from '../components/Logo.tsx';
import { cityPath } from '../lib/slugs.ts';

const SERVICE_LINKS = [
  { href: '/leistungen/tueroeffnung', label: 'Türöffnung' },
  { href: '/leistungen/schlosswechsel', label: 'Schlosswechsel' },
  { href: '/leistungen/einbruchschutz', label: 'Einbruchschutz' },
  { href: '/leistungen/autooeffnung', label: 'Autoöffnung' },
  { href: '/leistungen/tresoroeffnung', label: 'Tresoröffnung' },
];
const FOOTER_CITIES = ['Essen', 'Duisburg', 'Bochum', 'Oberhausen'];
const LEGAL_LINKS = [
  { href: '/impressum', label: 'Impressum' },
  { href: '/datenschutz', label: 'Datenschutz' },
  { href: '/agb', label: 'AGB' },
];

export function Footer({ context }: { context: PageContext }) {
  const { site } = context;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <Logo site={site} />
          <p className="footer-247">
            <strong>24/7 Notdienst</strong> – {site.hours.emergency}.
          </p>
          <address>
            {site.legalName}
            <br />
            {site.address.street}
            <br />
            {site.address.postalCode} {site.address.city}
          </address>
          <CallButton site={site} location="footer" className="btn btn-call" />
        </div>
        <nav aria-label="Leistungen">
          <h2 className="footer-heading">Leistungen</h2>
          <ul>
            <LinkItems links={SERVICE_LINKS} />
          </ul>
        </nav>
        <nav aria-label="Einsatzgebiet">
          <h2 className="footer-heading">Einsatzgebiet</h2>
          <ul>
            <LinkItems links={FOOTER_CITIES.map((city) => ({ href: cityPath(city), label: `Schlüsseldienst ${city}` }))} />
            <li>
              <a href="/einsatzgebiet">Alle Einsatzgebiete</a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Rechtliches">
          <h2 className="footer-heading">Rechtliches</h2>
          <ul>
            <LinkItems links={LEGAL_LINKS} />
            <li>
              <button type="button" className="link-button" data-consent-open hidden>
                Cookie-Einstellungen
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>
          © {site.name} · Schlüsselnotdienst, Einsatzgebiet: {site.serviceRegions.join(', ')}
        </p>
      </div>
    </footer>
  );
}
