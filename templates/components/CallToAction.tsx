import type { Site } from '../../core/schema/site.ts';
import { CallButton, WhatsAppButton } from './ContactButtons.tsx';

/** The closing call-to-action band: heading, one sentence, call and WhatsApp. */
export function CallToAction({ site, heading, text, location, pageTitle }: { site: Site; heading: string; text: string; location: string; pageTitle?: string }) {
  return (
    <section className="cta-band" aria-labelledby={`${location}-cta-heading`}>
      <div className="container cta-inner">
        <div>
          <h2 id={`${location}-cta-heading`}>{heading}</h2>
          <p>{text}</p>
        </div>
        <div className="button-row">
          <CallButton site={site} location={location} pageTitle={pageTitle} className="btn btn-call btn-large" />
          {' '}
          <WhatsAppButton site={site} location={location} className="btn btn-whatsapp btn-large" />
        </div>
      </div>
    </section>
  );
}
