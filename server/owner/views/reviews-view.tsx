// Bewertungen: the last sync and "Jetzt synchronisieren", the average and distribution of the
// stored reviews, and the reviews themselves with a link to answer them at Google
// (server/owner/reviews-page.tsx).
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { formatGermanDate } from '../../../core/format.ts';
import { fillSlots } from '../../../core/slots.ts';
import { failureKindOf } from '../../reviews/google.ts';
import { berlinTime, consolePage, Notice, number, PostButton, SECTION_PATHS, type ConsolePage } from './render.tsx';
import { LOW_REVIEW_STARS } from '../../../core/reviews.ts';

export const SYNC_PATH = `${SECTION_PATHS.reviews}/abgleichen`;
/** A review of this many stars or fewer is marked for the owner. */

export interface StoredReview {
  id: string;
  author: string;
  rating: number;
  text: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export interface ReviewsStatus {
  stored: { count: number; average: number };
  /** Stored reviews per number of stars, 5 to 1. */
  distribution: readonly { stars: number; count: number }[];
  reviews: readonly StoredReview[];
  page: { current: number; pages: number };
  google: { rating: number; count: number } | null;
  lastSync: { startedAt: string; success: boolean; inserted: number; updated: number; deleted: number; error: string | null } | null;
  /** Where the owner answers a review; `fromPlaceId` when it is Google's list of the place's reviews. */
  answer: { href: string; fromPlaceId: boolean };
}

const stars = (value: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(value);

/** Why the last sync failed, as the owner reads it. */
function syncFailureText(w: ConsoleWords['reviews'], error: string | null): string {
  const kind = failureKindOf(error ?? '');
  return kind === 'config' || kind === 'refused' || kind === 'network' ? w.failures[kind] : kind === 'timeout' ? w.failures.network : w.failures.other;
}

function Distribution({ w, status }: { w: ConsoleWords['reviewList']; status: ReviewsStatus }) {
  return (
    <div className="console-table-wrap">
      <table className="console-table console-stars">
        <caption>{w.distribution}</caption>
        <thead>
          <tr>
            <th scope="col">{w.starsColumn}</th>
            <th scope="col" className="number">{w.countColumn}</th>
            <td />
          </tr>
        </thead>
        <tbody>
          {status.distribution.map((row) => (
            <tr key={row.stars}>
              <th scope="row">{fillSlots(w.stars, { stars: row.stars })}</th>
              <td className="number">{number(row.count)}</td>
              <td>
                <meter aria-hidden="true" min={0} max={Math.max(1, status.stored.count)} value={row.count} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReviewItem({ w, review, answer }: { w: ConsoleWords['reviewList']; review: StoredReview; answer: string }) {
  const low = review.rating <= LOW_REVIEW_STARS;
  return (
    <li className="console-item console-review" data-low={low ? '' : undefined}>
      <p className="console-review-stars">
        <span aria-hidden="true">{'★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)}</span> {fillSlots(w.stars, { stars: review.rating })}
        {low && <strong className="console-mark">{fillSlots(w.low, { low: LOW_REVIEW_STARS })}</strong>}
      </p>
      <p className="console-message">{review.text ?? w.noText}</p>
      <p>{fillSlots(w.written, { author: review.author, date: formatGermanDate(new Date(review.createdAt)) })}</p>
      <p>
        <a href={answer} rel="noopener noreferrer" target="_blank">
          {w.answer}
        </a>
      </p>
    </li>
  );
}

/** Links to the newer and the older page of reviews, where there are. */
function Pages({ w, page }: { w: ConsoleWords['reviewList']; page: ReviewsStatus['page'] }) {
  if (page.pages === 1) return null;
  const link = (to: number) => `${SECTION_PATHS.reviews}?seite=${to}`;
  return (
    <nav className="console-actions" aria-label={fillSlots(w.page, { page: page.current, pages: page.pages })}>
      <p>{fillSlots(w.page, { page: page.current, pages: page.pages })}</p>
      {page.current > 1 && <a href={link(page.current - 1)}>{w.newer}</a>}
      {page.current < page.pages && <a href={link(page.current + 1)}>{w.older}</a>}
    </nav>
  );
}

export function reviewsPage(words: ConsoleWords, status: ReviewsStatus, synced: boolean): ConsolePage {
  const w = words.reviews;
  const l = words.reviewList;
  const last = status.lastSync;
  // A failure in one German sentence with what to do; the server's English message is the operator's log's.
  const outcome = last && (last.success ? fillSlots(w.success, { inserted: last.inserted, updated: last.updated, deleted: last.deleted }) : fillSlots(w.failure, { reason: syncFailureText(w, last.error) }));
  return consolePage(
    w.title,
    'reviews',
    <>
      {synced && last && <Notice kind={last.success ? 'info' : 'error'}>{outcome}</Notice>}
      <p>{status.stored.count === 0 ? w.none : fillSlots(w.stored, { count: number(status.stored.count), average: stars(status.stored.average) })}</p>
      {status.google && <p>{fillSlots(w.google, { rating: stars(status.google.rating), count: number(status.google.count) })}</p>}
      <p>
        {last === null ? w.neverSynced : fillSlots(w.lastSync, { time: berlinTime(last.startedAt) })}
        {last && !synced && ` ${outcome}`}
      </p>
      <PostButton action={SYNC_PATH} label={w.sync} primary />
      {status.stored.count > 0 && (
        <>
          <Distribution w={l} status={status} />
          <h2>{l.heading}</h2>
          <p className="console-note">{status.answer.fromPlaceId ? l.answerNote : l.answerNoteFallback}</p>
          <ol className="console-list">
            {status.reviews.map((review) => (
              <ReviewItem key={review.id} w={l} review={review} answer={status.answer.href} />
            ))}
          </ol>
          <Pages w={l} page={status.page} />
        </>
      )}
    </>,
  );
}
