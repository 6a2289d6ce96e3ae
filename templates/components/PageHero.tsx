import type { ReactNode } from 'react';
import type { Site } from '../../core/schema/site.ts';
import type { Crumb } from '../../core/structured-data.ts';
import { useLayoutWords } from '../layout/words.ts';
import { fillSlots } from '../../core/slots.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { CallButton, WhatsAppButton } from './ContactButtons.tsx';

interface PageHeroProps {
  site: Site;
  heading: string;
  lead: string;
  crumbs: Crumb[];
  /** Analytics location of the hero's call and WhatsApp buttons. */
  location: string;
  pageTitle?: string;
  children?: ReactNode;
}

/** The top of every content page: trail, heading, one sentence, call and WhatsApp. */
export function PageHero({ site, heading, lead, crumbs, location, pageTitle, children }: PageHeroProps) {
  const words = useLayoutWords();
  return (
    <section className="page-hero" aria-labelledby="page-heading">
      <div className="container">
        <Breadcrumbs crumbs={crumbs} />
        <h1 id="page-heading">{heading}</h1>
        <p className="hero-lead">{lead}</p>
        {children}
        <div className="button-row">
          <CallButton site={site} location={location} pageTitle={pageTitle} className="btn btn-call btn-large">
            <span>{fillSlots(words.call.now, { phone: site.phone.display })}</span>
          </CallButton>
          {' '}
          <WhatsAppButton site={site} location={location} className="btn btn-whatsapp btn-large" />
        </div>
      </div>
    </section>
  );
}
