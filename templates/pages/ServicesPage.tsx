import type { Services } from '../../core/schema/services.ts';
import { CheckList } from '../components/CheckList.tsx';
import type { Site } from '../../core/schema/site.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { fillSlots } from '../../core/slots.ts';
import type { Crumb } from '../../core/structured-data.ts';
import { servicePath } from '../../core/slugs.ts';

export interface ServicesProps {
  site: Site;
  services: Services;
  crumbs: Crumb[];
}

// The service pages' address is core's, shared with the owner's console (server/content/text-forms.ts).
export { servicePath } from '../../core/slugs.ts';

/** /leistungen: six cards, three benefits each. */
export function ServicesPage({ site, services, crumbs }: ServicesProps) {
  const { overview } = services;
  return (
    <>
      <PageHero site={site} heading={overview.heading} lead={overview.lead} crumbs={crumbs} location="services" />
      <section className="section" aria-label={overview.label}>
        <div className="container">
          <ul className="card-grid">
            {overview.cards.map((card) => {
              const href = card.link.startsWith('/') ? card.link : servicePath(card.link);
              return (
                <li key={card.title} className="card overview-card">
                  <div className="service-head">
                    <Icon name={card.icon} size={28} className="icon card-icon" />
                    <h2 className="card-heading">{card.title}</h2>
                  </div>
                  <p>{card.description}</p>
                  <CheckList items={card.benefits} />
                  <a className="text-link" href={href}>
                    {overview.more}<span className="visually-hidden">{fillSlots(overview.moreHidden, { title: card.title })}</span>
                    <Icon name="arrow-right" size={18} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <CallToAction site={site} heading={overview.cta.heading} text={overview.cta.text} location="services_cta" />
    </>
  );
}
