import type { ContactFormTexts } from '../../core/schema/contact-form.ts';
import type { Home } from '../../core/schema/home.ts';
import type { Prices } from '../../core/schema/prices.ts';
import type { Site } from '../../core/schema/site.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Gallery, GalleryViewer } from '../components/Gallery.tsx';
import { Icon } from '../components/Icon.tsx';
import { Island } from '../components/Island.tsx';
import { ContactForm, variantWords, type ContactFormProps } from '../islands/ContactForm.tsx';
import { LinkStrip } from '../components/LinkStrip.tsx';
import { MoreLink } from '../components/MoreLink.tsx';
import { PriceSchedule } from '../components/Price.tsx';
import { PriceCard } from '../components/PriceCard.tsx';
import { Section } from '../components/Section.tsx';
import { Stars } from '../components/Stars.tsx';
import { TownCard } from '../components/TownCard.tsx';
import type { ResponsiveImage } from '../lib/image.ts';
import type { Place } from '../../core/place.ts';
import { priceItem } from '../../core/prices.ts';
import { relativeDate } from '../../core/relative-date.ts';
import { useLayoutWords } from '../layout/words.ts';
import { fillSlots } from '../../core/slots.ts';
import { placePathByName } from '../../core/slugs.ts';

export interface HomeProps {
  site: Site;
  home: Home;
  prices: Prices;
  images: Record<string, ResponsiveImage>;
  /** The towns of the coverage section, from the service-area data. */
  coverage: Place[];
  /** The contact form's words, of both variants (data/contact-form.yaml). */
  contactForm: ContactFormTexts['form'];
  /** The build's date: how long ago a review was written is said as of then. */
  now: Date;
}

function Hero({ site, home, prices }: HomeProps) {
  const layout = useLayoutWords();
  const { hero } = home;
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero-inner">
        <p className="eyebrow">{hero.eyebrow}</p>
        <h1 id="hero-heading">{hero.heading}</h1>
        <p className="hero-lead">{hero.lead}</p>
        <ul className="hero-prices">
          {hero.prices.map((entry) => (
            <li key={entry.priceId} className="price-chip">
              <span className="price-chip-label">{entry.label}:</span> <PriceSchedule prices={prices} id={entry.priceId} className="price-chip-amount" />
            </li>
          ))}
        </ul>
        <div className="button-row hero-actions">
          <CallButton site={site} location="hero" className="btn btn-call btn-hero">
            <span className="hero-call-text">
              <span className="slogans" data-slogan>
                {hero.slogans.flatMap((slogan, index) => [
                  index > 0 ? ' ' : null,
                  <span key={slogan} className={index === 0 ? 'slogan is-active' : 'slogan'} data-slogan-item aria-hidden={index === 0 ? undefined : 'true'}>
                    {slogan}
                  </span>,
                ])}
              </span>{' '}
              <span className="hero-phone">{site.phone.display}</span>
            </span>
          </CallButton>
          {' '}
          <WhatsAppButton site={site} location="hero" className="btn btn-whatsapp btn-large">
            <span>{layout.whatsapp.write}</span>
          </WhatsAppButton>
        </div>
        <p className="hero-note">{hero.priceNote}</p>
        <ul className="badges">
          {hero.badges.map((badge) => (
            <li key={badge}>
              <Icon name="badge-check" size={18} />
              {badge}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TrustCards({ home }: { home: Home }) {
  return (
    <Section id="vertrauen" heading={home.trust.heading} className="section-muted">
      <ul className="card-grid trust-grid">
        {home.trust.cards.map((card, index) => (
          <li key={card.href}>
            <a className="card trust-card" href={card.href} aria-describedby={`trust-tip-${index}`}>
              <Icon name={card.icon} size={28} className="icon card-icon" />
              <span className="card-title">{card.title}</span>{' '}
              <span className="card-text">{card.text}</span>{' '}
              <span className="tooltip" role="tooltip" id={`trust-tip-${index}`}>
                {card.tooltip}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ServicePrice({ prices, id }: { prices: Prices; id: string }) {
  const { note } = priceItem(prices, id);
  return (
    <p className="service-price">
      <PriceSchedule prices={prices} id={id} />
      {note && <> <span className="service-price-note">{note}</span></>}
    </p>
  );
}

function Services({ home, prices }: { home: Home; prices: Prices }) {
  return (
    <Section id="leistungen" heading={home.services.heading} lead={home.services.lead}>
      <ul className="card-grid service-grid">
        {home.services.cards.map((card) => (
          <li key={card.href} className="card service-card">
            <div className="service-head">
              <Icon name={card.icon} size={28} className="icon card-icon" />
              <h3>{card.title}</h3>
            </div>
            <p>{card.description}</p>
            <ServicePrice prices={prices} id={card.priceId} />
            <details name="services" data-service={card.title}>
              <summary>{home.services.stepsLabel}</summary>
              <ol className="steps">
                {card.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </details>
            <a className="text-link" href={card.href}>
              {home.services.details}<span className="visually-hidden">{fillSlots(home.services.detailsHidden, { title: card.title })}</span>
              <Icon name="arrow-right" size={18} />
            </a>
          </li>
        ))}
      </ul>
      <MoreLink link={home.services.allLink} />
    </Section>
  );
}

function PriceCards({ home, prices }: { home: Home; prices: Prices }) {
  return (
    <Section id="preise" heading={home.prices.heading} lead={home.prices.lead} className="section-muted">
      <ul className="card-grid price-grid">
        {home.prices.cards.map((card) => (
          <PriceCard
            key={card.priceId}
            prices={prices}
            id={card.priceId}
            description={card.description}
            features={card.features}
            highlight={card.highlight}
          />
        ))}
      </ul>
      <MoreLink link={home.prices.link} />
    </Section>
  );
}

function HomeReviews({ home, now }: { home: Home; now: Date }) {
  const { reviews } = home;
  const layout = useLayoutWords();
  return (
    <Section id="bewertungen" heading={reviews.examples ? reviews.exampleHeading : reviews.heading} lead={reviews.examples ? reviews.exampleNote : reviews.lead}>
      <ul className="card-grid review-grid">
        {reviews.items.map((review) => (
          <li key={review.name} className="card review-card">
            <figure>
              <Stars rating={review.rating} label={fillSlots(layout.stars, { rating: review.rating })} />
              <blockquote>
                <p>{review.text}</p>
              </blockquote>
              <figcaption>
                <strong>{review.name}</strong> · <time dateTime={review.date}>{relativeDate(review.date, now)}</time>
                {` · ${reviews.examples ? reviews.exampleSource : reviews.source}`}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {!reviews.examples && <p className="fine-print">{reviews.note}</p>}
      <MoreLink link={reviews.link} track="review" />
    </Section>
  );
}

function Coverage({ home, towns }: { home: Home; towns: Place[] }) {
  const { coverage } = home;
  return (
    <Section id="einsatzgebiet" heading={coverage.heading} lead={coverage.lead} className="section-muted">
      <ul className="card-grid city-grid">
        {towns.map((town) => (
          <li key={town.path}>
            <TownCard town={town} withPostcodes />
          </li>
        ))}
      </ul>
      <MoreLink link={coverage.link} />
    </Section>
  );
}

export function HomePage(props: HomeProps) {
  const { site, home, images } = props;
  const layout = useLayoutWords();
  const form: ContactFormProps = { variant: 'home', words: variantWords(props.contactForm, 'home') };
  return (
    <>
      <Hero {...props} />
      <TrustCards home={home} />
      <Services home={home} prices={props.prices} />
      <PriceCards home={home} prices={props.prices} />
      <HomeReviews home={home} now={props.now} />
      <Section id="galerie" heading={home.gallery.heading} lead={home.gallery.examples ? home.gallery.exampleNote : home.gallery.lead}>
        <Gallery items={home.gallery.items} images={images} />
      </Section>
      <Coverage home={home} towns={props.coverage} />
      <Section id="kontakt" heading={home.contact.heading} lead={home.contact.lead}>
        <div className="card contact-form-card contact-form-narrow">
          <Island name="contact-form" props={form}>
            <ContactForm {...form} />
          </Island>
        </div>
      </Section>
      <CallToAction site={site} heading={home.finalCta.heading} text={home.finalCta.text} location="cta" />
      <LinkStrip heading={home.townStrip.heading} links={home.townStrip.towns.map((town) => ({ title: fillSlots(layout.townLink, { town }), href: placePathByName(town) }))} muted />
      <GalleryViewer items={home.gallery.items} images={images} />
    </>
  );
}
