import { LinkItems } from '../components/LinkItems.tsx';
import type { PageContext } from '../lib/context.ts';
import { CallButton } from '../components/ContactButtons.tsx';
import { Logo } from '../components/Logo.tsx';
import { placePathByName } from '../../core/slugs.ts';
import { fillSlots } from '../../core/slots.ts';
import { Shared } from './Shared.tsx';

/** The footer: address and call, then the lists of data/navigation.yaml under the headings of data/layout.yaml. */
export function Footer({ context }: { context: PageContext }) {
  return (
    <Shared as="footer" attributes={{ className: 'site-footer' }} cacheKey="footer" inputs={[context.site, context.navigation, context.layout]}>
      <FooterContent context={context} />
    </Shared>
  );
}

function FooterContent({ context }: { context: PageContext }) {
  const { site, layout } = context;
  const words = layout.footer;
  const links = context.navigation.footer;
  return (
    <>
      <div className="container footer-grid">
        <div className="footer-about">
          <Logo site={site} />
          <p className="footer-247">
            <strong>{words.emergency}</strong> – {site.hours.emergency}.
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
        <nav aria-label={words.services}>
          <h2 className="footer-heading">{words.services}</h2>
          <ul>
            <LinkItems links={links.services} />
          </ul>
        </nav>
        <nav aria-label={words.area}>
          <h2 className="footer-heading">{words.area}</h2>
          <ul>
            <LinkItems links={links.towns.map((town) => ({ href: placePathByName(town), label: fillSlots(layout.townLink, { town }) }))} />
            <li>
              <a href="/einsatzgebiet">{words.allTowns}</a>
            </li>
          </ul>
        </nav>
        <nav aria-label={words.legal}>
          <h2 className="footer-heading">{words.legal}</h2>
          <ul>
            <LinkItems links={links.legal} />
            <li>
              <button type="button" className="link-button" data-consent-open hidden>
                {words.consent}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>
          © {site.name} · {fillSlots(words.bottom, { regions: site.serviceRegions.join(', ') })}
        </p>
      </div>
    </>
  );
}
