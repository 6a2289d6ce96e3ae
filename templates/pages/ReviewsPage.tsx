import type { ReviewsPage as ReviewsTexts } from '../../core/schema/reviews-page.ts';
import type { Site } from '../../core/schema/site.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { Island } from '../components/Island.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Reviews, type ReviewsProps } from '../islands/Reviews.tsx';
import { useLayoutWords } from '../layout/words.ts';
import type { Crumb } from '../../core/structured-data.ts';

export interface ReviewsPageProps {
  site: Site;
  page: ReviewsTexts;
  crumbs: Crumb[];
}

/**
 * /bewertungen: the reviews island shows its loading state, then the server's rendering of the
 * synced Google reviews from the API (Google's terms: Places content only from the cache, never
 * copied into static pages). Without JavaScript the visitor gets the link to the reviews on Google.
 */
export function ReviewsPage({ site, page, crumbs }: ReviewsPageProps) {
  const layout = useLayoutWords();
  const props: ReviewsProps = { pageUrl: site.reviews.pageUrl, words: page.island };
  return (
    <>
      <PageHero site={site} heading={page.heading} lead={page.lead} crumbs={crumbs} location="reviews" />
      <section className="section reviews-section" aria-label={page.label}>
        <div className="container">
          <p className="no-script-note">
            {page.noScript}{' '}
            <a href={site.reviews.pageUrl} target="_blank" rel="noopener noreferrer" data-track="review">
              {page.googleLink}<span className="visually-hidden"> {layout.newTab}</span>
            </a>
          </p>
          <Island name="reviews" props={props} server={{ src: '/api/reviews/island', events: '/api/reviews/events' }}>
            <Reviews {...props} />
          </Island>
        </div>
      </section>
      <CallToAction site={site} heading={page.cta.heading} text={page.cta.text} location="reviews" />
    </>
  );
}
