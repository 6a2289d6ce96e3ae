import type { ContactFormTexts } from '../../core/schema/contact-form.ts';
import type { ContactPage as ContactTexts } from '../../core/schema/contact-page.ts';
import type { Prices } from '../../core/schema/prices.ts';
import type { Site } from '../../core/schema/site.ts';
import { outsideStandardHours } from '../../core/hours.ts';
import type { ReactNode } from 'react';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Icon } from '../components/Icon.tsx';
import { Island } from '../components/Island.tsx';
import { MapEmbed } from '../components/MapEmbed.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Section } from '../components/Section.tsx';
import { AddressSelector, type AddressSelectorProps } from '../islands/AddressSelector.tsx';
import { ContactForm, variantWords, type ContactFormProps } from '../islands/ContactForm.tsx';
import { useLayoutWords } from '../layout/words.ts';
import { fillSlots } from '../../core/slots.ts';
import type { Crumb } from '../../core/structured-data.ts';

export interface ContactPageProps {
  site: Site;
  /** For the surcharge window beside the office hours. */
  prices: Prices;
  page: ContactTexts;
  /** The words of the form and the address selector (data/contact-form.yaml). */
  contactForm: ContactFormTexts;
  crumbs: Crumb[];
  /** Directions to the shop in Google Maps (new tab). */
  routeUrl: string;
  /** The two-click map's frame. */
  embedUrl: string;
}

function NewTab() {
  return <span className="visually-hidden"> {useLayoutWords().newTab}</span>;
}

function ContactCard({ icon, title, text, children }: { icon: string; title: string; text: string; children: ReactNode }) {
  return (
    <li className="card contact-card">
      <Icon name={icon} size={28} className="icon card-icon" />
      <h2 className="card-title">{title}</h2>
      <p>{text}</p>
      {children}
    </li>
  );
}

function ContactCards({ site, page, routeUrl }: ContactPageProps) {
  const { address } = site;
  const { cards } = page;
  return (
    <section className="section contact-cards-section" aria-label={cards.label}>
      <div className="container">
        <ul className="card-grid contact-cards">
          <ContactCard icon="phone" {...cards.phone}>
            <CallButton site={site} location="contact_card" className="contact-card-link" plain>
              {site.phone.display}
            </CallButton>
          </ContactCard>
          <ContactCard icon="message-circle" {...cards.whatsapp}>
            <WhatsAppButton site={site} location="contact_card" className="contact-card-link" plain>
              {site.whatsapp.display}
              <NewTab />
            </WhatsAppButton>
          </ContactCard>
          <ContactCard icon="mail" {...cards.email}>
            <a className="contact-card-link" href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </ContactCard>
          <ContactCard icon="map-pin" title={cards.address.title} text={cards.address.text}>
            <address>
              {address.street}
              <br />
              {address.postalCode} {address.city}
            </address>
            <a className="contact-card-link" href={routeUrl} target="_blank" rel="noopener noreferrer">
              {cards.address.route}
              <NewTab />
            </a>
          </ContactCard>
        </ul>
      </div>
    </section>
  );
}

function ContactInfo({ site, prices, page }: { site: Site; prices: Prices; page: ContactTexts }) {
  const { office } = page.info;
  return (
    <aside className="card contact-info" aria-labelledby="contact-info-heading">
      <h2 id="contact-info-heading">{page.info.heading}</h2>
      <address>
        <strong>{site.name}</strong>
        <br />
        {site.address.street}
        <br />
        {site.address.postalCode} {site.address.city}
      </address>
      <dl className="contact-facts">
        <dt>{page.info.phone}</dt>
        <dd>
          <CallButton site={site} location="contact_info" className="contact-info-link" plain>
            {site.phone.display}
          </CallButton>
        </dd>
        <dt>{page.info.whatsapp}</dt>
        <dd>
          <WhatsAppButton site={site} location="contact_info" className="contact-info-link" plain>
            {site.whatsapp.display}
            <NewTab />
          </WhatsAppButton>
        </dd>
        <dt>{page.info.email}</dt>
        <dd>
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </dd>
      </dl>
      <h3>{page.info.hours}</h3>
      <p className="contact-emergency">
        <Icon name="clock" size={18} /> {page.info.emergency}
      </p>
      <table className="hours-table">
        <caption className="visually-hidden">{office.caption}</caption>
        <tbody>
          {site.hours.office.map((slot) => (
            <tr key={slot.days}>
              <th scope="row">{fillSlots(office.days, { days: slot.days })}</th>
              <td>
                {fillSlots(office.time, { opens: slot.opens, closes: slot.closes })}
                {outsideStandardHours(slot, prices) && office.surcharge}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fine-print">{site.hours.emailReply}</p>
    </aside>
  );
}

/** /kontakt: four contact cards, the form (variant B), contact details and hours, map, address selector. */
export function ContactPage(props: ContactPageProps) {
  const { site, page, crumbs, routeUrl, embedUrl } = props;
  const form: ContactFormProps = { variant: 'kontakt', words: variantWords(props.contactForm.form, 'kontakt') };
  const address: AddressSelectorProps = { messageField: 'kontakt-contact-message', words: props.contactForm.address };
  return (
    <>
      <PageHero site={site} heading={page.heading} lead={page.lead} crumbs={crumbs} location="contact" />
      <ContactCards {...props} />
      <Section id="kontaktformular" heading={page.form.heading} lead={page.form.lead} className="section-muted" reveal={false}>
        <div className="contact-layout">
          <div className="card contact-form-card">
            <Island name="contact-form" props={form}>
              <ContactForm {...form} />
            </Island>
          </div>
          <ContactInfo site={site} prices={props.prices} page={page} />
        </div>
      </Section>
      <Section id="anfahrt" heading={page.map.heading} lead={page.map.lead} reveal={false}>
        <MapEmbed embedUrl={embedUrl} linkUrl={routeUrl} linkLabel={page.map.link} title={page.map.title} />
      </Section>
      <Section id="einsatzort" heading={page.address.heading} lead={page.address.lead} className="section-muted" reveal={false}>
        <Island name="address-selector" props={address} holdSubmit>
          <AddressSelector {...address} />
        </Island>
      </Section>
    </>
  );
}
