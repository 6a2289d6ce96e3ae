// The parts of the reviews island that show what was loaded: a review card with its avatar, the
// summary with the star distribution, and the note under a partial list (templates/islands/Reviews.tsx).
// Their words are the island's (data/reviews-page.yaml, `island`).
import { useState } from 'react';
import { Stars } from '../components/Stars.tsx';
import { relativeDate } from '../../core/relative-date.ts';
import { fillSlots } from '../../core/slots.ts';
import type { Review, ReviewList, ReviewSummary } from '../../core/reviews.ts';
import type { ReviewsIslandWords as Words } from '../../core/schema/reviews-page.ts';

const decimal = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const countText = (words: Words, count: number) => (count === 1 ? words.count.one : fillSlots(words.count.many, { count }));

/** Only web links: a stored author URL is data from elsewhere and must not become a script link. */
function webLink(url: string | null): string | null {
  return url !== null && /^https?:\/\//i.test(url) ? url : null;
}

function Avatar({ review }: { review: Review }) {
  const [failed, setFailed] = useState(false);
  const photo = review.author_photo_url;
  // Only photos our own server serves: Google's photo hosts are outside the CSP and would learn
  // the visitor's address.
  if (photo !== null && photo.startsWith('/') && !photo.startsWith('//') && !failed) {
    return <img className="rv-avatar" src={photo} alt="" width={40} height={40} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
  }
  const initial = Array.from(review.author_name.trim())[0]?.toLocaleUpperCase('de-DE') ?? '?';
  return (
    <span className="rv-avatar rv-avatar-initial" aria-hidden="true">
      {initial}
    </span>
  );
}

export function ReviewCard({ review, now, words }: { review: Review; now: Date; words: Words }) {
  const profile = webLink(review.author_url);
  const when = relativeDate(review.time_created, now);
  return (
    <li className="rv-item">
      <article className="card rv-card" aria-label={fillSlots(words.card.label, { author: review.author_name })}>
        <header className="rv-card-head">
          <Avatar key={review.author_photo_url ?? ''} review={review} />
          <div className="rv-card-meta">
            <p className="rv-author">
              {profile ? (
                <a href={profile} target="_blank" rel="noopener noreferrer">
                  {review.author_name}
                  <span className="visually-hidden">{` ${words.card.profile}`}</span>
                </a>
              ) : (
                review.author_name
              )}
            </p>
            <p className="rv-card-rating">
              <Stars rating={review.rating} label={fillSlots(words.card.stars, { rating: review.rating })} />
              {when !== '' && (
                <time className="rv-date" dateTime={review.time_created}>
                  {when}
                </time>
              )}
            </p>
          </div>
        </header>
        {review.text !== null && review.text.trim() !== '' && <p className="rv-text">{review.text}</p>}
      </article>
    </li>
  );
}

/**
 * What the reviews show, said as it is. The headline is Google's own rating and count of the
 * place (last sync). Google's API returns at most five reviews per retrieval, so the cache is
 * usually a selection: the star distribution appears only when it is computed from all of the
 * place's reviews (`summary.complete`), otherwise the card says that the list is a selection.
 * Before any sync there are no Google figures, and no average stands in for them.
 */
export function Summary({ summary, place, shown, words }: { summary: ReviewSummary; place: ReviewList['place']; shown: number; words: Words }) {
  const texts = words.summary;
  const google = place !== null && place.userRatingCount > 0 ? place : null;
  return (
    <div className="rv-summary card">
      {google && (
        <div className="rv-average">
          <p className="rv-average-value">
            {decimal.format(google.rating)}
            <span className="visually-hidden">{` ${texts.outOfFive}`}</span>
          </p>
          {/* The stars repeat the number above for the eye; screen readers get the number. */}
          <span aria-hidden="true">
            <Stars rating={Math.round(google.rating)} label={fillSlots(words.card.stars, { rating: Math.round(google.rating) })} />
          </span>
          <p className="rv-average-count">{fillSlots(texts.google, { reviews: countText(words, google.userRatingCount) })}</p>
        </div>
      )}
      {google && summary.complete === true ? (
        <ul className="rv-distribution" aria-label={texts.distribution}>
          {summary.distribution.map((row) => (
            <li key={row.stars} className="rv-dist-row">
              <span className="rv-dist-label">{row.stars === 1 ? texts.oneStar : fillSlots(texts.stars, { stars: row.stars })}</span>{' '}
              <span className="rv-bar" aria-hidden="true">
                <span className="rv-bar-fill" style={{ width: `${Math.min(100, Math.max(0, row.percentage))}%` }} />
              </span>
              <span className="rv-dist-count">
                {row.count}
                <span className="visually-hidden">{` ${row.count === 1 ? texts.reviewOne : texts.reviewMany}`}</span> ({row.percentage}&nbsp;%)
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rv-selection">{selectionText(words, shown, google?.userRatingCount ?? null)}</p>
      )}
    </div>
  );
}

/** The note under a list that is not all of the place's reviews. */
function selectionText(words: Words, shown: number, googleCount: number | null): string {
  const { selection, selectionOf } = words.summary;
  const part = googleCount !== null && shown < googleCount ? fillSlots(selectionOf, { shown, total: googleCount }) : countText(words, shown);
  return fillSlots(selection, { reviews: part });
}
