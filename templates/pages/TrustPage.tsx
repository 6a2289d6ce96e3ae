import { useLayoutWords } from '../layout/words.ts';
import type { Site } from '../../core/schema/site.ts';
import { CheckList } from '../components/CheckList.tsx';
import type { TrustFrontMatter } from '../../core/schema/trust.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Icon } from '../components/Icon.tsx';
import { LinkStrip } from '../components/LinkStrip.tsx';
import { Picture } from '../components/Picture.tsx';
import type { ResponsiveImage } from '../lib/image.ts';
import type { Crumb } from '../../core/structured-data.ts';

export interface TrustProps {
  site: Site;
  page: TrustFrontMatter & { html: string };
  image?: ResponsiveImage | undefined;
  crumbs: Crumb[];
  /** The other trust pages, for the strip at the end. */
  others: { title: string; href: string }[];
}

/** A trust page: hero, text column, sticky call box, two trust tiles, back link, the other pages. */
export function TrustPage({ site, page, image, crumbs, others }: TrustProps) {
  const location = page.trackingLabel;
  const words = useLayoutWords().trustPages;
  return (
    <>
      <section className="page-hero" aria-labelledby="page-heading">
        <div className="container">
          <Breadcrumbs crumbs={crumbs} />
          <Icon name={page.icon} size={40} className="icon hero-icon" />
          <h1 id="page-heading">{page.heading}</h1>
          <p className="hero-lead">{page.lead}</p>
        </div>
      </section>
      <div className="container two-columns trust-body">
        <article className="prose">
          {image && page.image && (
            <Picture image={image} alt={page.image.alt} sizes="(min-width: 1000px) 640px, 92vw" className="prose-image" eager />
          )}
          <div dangerouslySetInnerHTML={{ __html: page.html }} />
        </article>
        <aside className="call-box sticky-box" aria-labelledby="call-box-heading">
          <h2 id="call-box-heading" className="card-heading">
            {page.callBox.heading}
          </h2>
          {page.callBox.text && <p>{page.callBox.text}</p>}
          {page.callBox.rows.length > 0 && (
            <dl className="call-box-rows">
              {page.callBox.rows.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {page.callBox.bullets.length > 0 && (
            <CheckList items={page.callBox.bullets} />
          )}
          <CallButton site={site} location={location} className="btn btn-call btn-block" />
          {' '}
          <WhatsAppButton site={site} location={location} className="btn btn-whatsapp btn-block" />
        </aside>
      </div>
      <section className="section section-muted" aria-label={words.tiles}>
        <div className="container">
          <ul className="card-grid tiles">
            {page.tiles.map((tile) => (
              <li key={tile.title} className="card">
                <Icon name={tile.icon} size={28} className="icon card-icon" />
                <h2 className="card-heading">{tile.title}</h2>
                <p>{tile.text}</p>
              </li>
            ))}
          </ul>
          <p className="section-more">
            <a className="text-link" href="/">
              <Icon name="chevron-left" size={18} />
              {words.back}
            </a>
          </p>
        </div>
      </section>
      <LinkStrip heading={words.others} links={others} />
    </>
  );
}
