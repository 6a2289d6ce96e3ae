// The Google reviews on /bewertungen, a React island. The build renders only the loading state
// (Google's terms: Places content comes from the server's cache, never from static pages); in
// the browser it loads /api/reviews, offers to load it again, and reloads when the server reports
// a change. Only the server's nightly job asks Google (server/reviews/routes.ts): no button of a
// visitor does. The heading, the source line and the link to Google keep their place in every
// state, and the body keeps its minimum height, so nothing above the fold moves when the reviews
// arrive. Its words come from data/reviews-page.yaml (`island`), on the server from the build's
// site facts.
import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Toaster, useToasts } from './Toaster.tsx';
import { countText, ReviewCard, Summary } from './ReviewCards.tsx';
import { fillSlots } from '../../core/slots.ts';
import type { ReviewList } from '../../core/reviews.ts';
import type { ReviewsIslandWords } from '../../core/schema/reviews-page.ts';

export interface ReviewsProps {
  /** The business's public review page (opens in a new tab). */
  pageUrl: string;
  words: ReviewsIslandWords;
  /**
   * The list as the server rendered it (server/reviews/island.ts), with the server's clock for the
   * relative dates: hydration then renders exactly the markup the page already shows.
   */
  initial?: ReviewList | null;
  now?: string;
}

type Phase = 'loading' | 'loaded' | 'failed';

/** The shape of a review list as the server sends it; the island carries no zod. */
export function isReviewList(value: unknown): value is ReviewList {
  const list = value as Partial<ReviewList> | null;
  return typeof list === 'object' && list !== null && Array.isArray(list.reviews) &&
    typeof list.summary === 'object' && list.summary !== null && Array.isArray(list.summary.distribution);
}

type Show = ReturnType<typeof useToasts>['show'];

/**
 * The list and its state: loaded from /api/reviews when the server did not render it, and again
 * whenever the server reports a change (Server-Sent Events). Reloads overlap (a sync's own reload and
 * its change event): only the latest may land, and a failed reload keeps the reviews already shown.
 */
function useReviewList(initial: ReviewList | null, renderedAt: string | undefined, texts: ReviewsIslandWords['toasts'], show: Show, mounted: RefObject<boolean>) {
  const [phase, setPhase] = useState<Phase>(initial ? 'loaded' : 'loading');
  const [list, setList] = useState<ReviewList | null>(initial);
  const [now, setNow] = useState(() => (renderedAt ? new Date(renderedAt) : new Date()));
  const [refreshing, setRefreshing] = useState(false);
  const latestLoad = useRef(0);
  const load = useCallback(async () => {
    const run = ++latestLoad.current;
    setRefreshing(true);
    try {
      const response = await fetch('/api/reviews', { cache: 'no-store', headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`GET /api/reviews answered HTTP ${response.status}`);
      const body: unknown = await response.json();
      if (!isReviewList(body)) throw new Error('GET /api/reviews answered in an unexpected shape');
      if (!mounted.current || run !== latestLoad.current) return;
      // A transition: React renders the list in slices and never blocks the page for long.
      startTransition(() => {
        setList(body);
        setNow(new Date());
        setPhase('loaded');
      });
    } catch (error) {
      if (!mounted.current || run !== latestLoad.current) return;
      console.warn('The reviews could not be loaded.', error);
      show({ title: texts.loadFailed, description: texts.loadFailedText, variant: 'destructive' });
      setPhase((current) => (current === 'loading' ? 'failed' : current));
    } finally {
      if (mounted.current && run === latestLoad.current) setRefreshing(false);
    }
  }, [show, texts, mounted]);

  const firstLoadDone = phase !== 'loading';
  useEffect(() => {
    if (!firstLoadDone || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/reviews/events');
    source.addEventListener('change', () => void load());
    // Changes may have happened before the stream (re)connected.
    source.addEventListener('open', () => void load());
    return () => source.close();
  }, [firstLoadDone, load]);

  // Without the server's list (a static host, or its request failed) the island loads it itself.
  const hasInitial = initial !== null;
  useEffect(() => {
    if (!hasInitial) void load();
  }, [load, hasInitial]);
  return { phase, list, now, refreshing, load };
}

export function Reviews({ pageUrl, words, initial = null, now: renderedAt }: ReviewsProps) {
  const { toasts: texts } = words;
  // Marks the root once React has taken over (client/islands.ts then replays an early click).
  const [hydrated, setHydrated] = useState(false);
  const { toasts, show, dismiss } = useToasts();
  const mounted = useRef(true);
  useEffect(() => {
    setHydrated(true);
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const { phase, list, now, refreshing, load } = useReviewList(initial, renderedAt, texts, show, mounted);
  const loaded = phase === 'loaded' && list !== null;
  // With nothing in the cache, loading it again shows nothing new: the body says so, beside the link to Google.
  const empty = loaded && list.reviews.length === 0;
  const busy = phase === 'loading' || refreshing;

  return (
    <div className="rv" data-reviews-state={phase} data-hydrated={hydrated || undefined}>
      <div className="rv-head">
        <h2 className="rv-heading">{words.heading}</h2>
        <p className="rv-source">{words.source}</p>
      </div>
      <div className="rv-actions">
        <a className="btn btn-outline" href={pageUrl} target="_blank" rel="noopener noreferrer" data-track="review">
          {words.allOnGoogle}
          <span className="visually-hidden">{` ${words.newTab}`}</span>
        </a>{' '}
        {/* After the link, so that nothing moves when it goes. One button that keeps its node (and
            the keyboard focus) from loading to loaded; it is marked busy with aria-disabled because
            a disabled button drops the focus to <body>. */}
        {!empty && (
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled={busy}
            onClick={() => {
              if (!busy) void load();
            }}
            data-reviews-refresh=""
          >
            {phase === 'failed' ? words.reload : words.refresh}
          </button>
        )}
      </div>
      <ReviewsBody phase={phase} list={loaded ? list : null} refreshing={refreshing} now={now} words={words} />
      <Toaster toasts={toasts} onDismiss={dismiss} closeLabel={texts.close} />
    </div>
  );
}

/** The state in words for a screen reader, and the reviews with their summary once loaded. */
function ReviewsBody({ phase, list, refreshing, now, words }: { phase: Phase; list: ReviewList | null; refreshing: boolean; now: Date; words: ReviewsIslandWords }) {
  const reviews = list?.reviews ?? [];
  const empty = list !== null && reviews.length === 0;
  let status = words.loading;
  if (phase === 'failed') status = words.toasts.loadFailedText;
  else if (list) status = empty ? words.none : fillSlots(words.loaded, { reviews: countText(words, reviews.length) });
  let look = 'rv-status visually-hidden';
  if (phase === 'loading') look = 'rv-status rv-loading';
  else if (empty) look = 'rv-status rv-empty';
  return (
    <div className="rv-body" aria-busy={phase === 'loading' || refreshing}>
      {/* One polite live region for the state, shown where it is all there is to read (loading,
          no reviews); the list itself is not read out on every reload. */}
      <div role="status" className={look}>
        {phase === 'loading' && <span className="rv-spinner" aria-hidden="true" />}
        {status}
      </div>
      {phase === 'failed' && (
        <p className="rv-empty" aria-hidden="true">
          {words.toasts.loadFailedText}
        </p>
      )}
      {list && reviews.length > 0 && <Summary summary={list.summary} place={list.place} shown={reviews.length} words={words} />}
      {list && reviews.length > 0 && (
        <ul className="rv-list">
          {reviews.map((review) => (
            <ReviewCard key={review.id} review={review} now={now} words={words} />
          ))}
        </ul>
      )}
    </div>
  );
}
