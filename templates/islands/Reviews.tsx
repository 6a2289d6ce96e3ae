// The Google reviews on /bewertungen, a React island. The build renders only the loading state
// (Google's terms: Places content comes from the server's cache, never from static pages); in
// the browser it loads /api/reviews, offers the sync, and reloads when the server reports a
// change. The heading, the source line and the buttons keep their place in every state, and the
// body keeps its minimum height, so nothing above the fold moves when the reviews arrive. Its
// words come from data/reviews-page.yaml (`island`), on the server from the build's site facts.
import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Toaster, useToasts } from './Toaster.tsx';
import { countText, ReviewCard, Summary } from './ReviewCards.tsx';
import { fillSlots } from '../../core/slots.ts';
import type { ReviewList } from '../../core/reviews.ts';
import type { ReviewsIslandWords } from '../../core/schema/reviews-page.ts';

export interface ReviewsProps {
  /** The business's public review page (opens in a new tab). */
  pageUrl: string;
  /** The search text the sync button sends. */
  query: string;
  words: ReviewsIslandWords;
  /**
   * The list as the server rendered it (server/reviews/island.ts), with the server's clock for the
   * relative dates: hydration then renders exactly the markup the page already shows.
   */
  initial?: ReviewList | null;
  now?: string;
}

interface SyncAnswer {
  success?: unknown;
  inserted?: unknown;
  updated?: unknown;
  error?: unknown;
}

/** A sync answer's fields, when the body is a JSON object at all (the island carries no zod). */
function syncAnswer(body: unknown): SyncAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const { success, inserted, updated, error } = body as Record<string, unknown>;
  return { success, inserted, updated, error };
}

type Phase = 'loading' | 'loaded' | 'failed';

/** The shape of a review list as the server sends it; the island carries no zod. */
export function isReviewList(value: unknown): value is ReviewList {
  const list = value as Partial<ReviewList> | null;
  return typeof list === 'object' && list !== null && Array.isArray(list.reviews) &&
    typeof list.summary === 'object' && list.summary !== null && Array.isArray(list.summary.distribution);
}

/**
 * The failure toast's text for a sync answer that is not a success. The old sync button had three
 * failure messages; read against our API (JSON, never an invoked function) they are
 * (docs/decisions.md, 'Sync failure messages'):
 * - "Sync no success": the server answered and said why, or said no without a reason: its
 *   `error` text (from any status, e.g. the throttle's 429), else `syncRefused`
 *   for a 2xx answer with `success: false`;
 * - "Sync error returned": the call failed as a call, i.e. a non-2xx status or a body that is not
 *   the expected JSON: `syncError`;
 * - "Sync threw": the request never got an answer (network): `syncUnsent`, handled by the caller.
 */
function syncFailureText(toasts: ReviewsIslandWords['toasts'], ok: boolean, answer: SyncAnswer | null): string {
  if (answer && typeof answer.error === 'string' && answer.error.trim() !== '') return answer.error;
  if (ok && answer && answer.success === false) return toasts.syncRefused;
  return toasts.syncError;
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

/** The sync button's work: ask the server to sync with Google, say how it went, and reload. */
function useSync(query: string, texts: ReviewsIslandWords['toasts'], show: Show, load: () => Promise<void>, mounted: RefObject<boolean>) {
  const [syncing, setSyncing] = useState(false);
  const sync = async () => {
    setSyncing(true);
    try {
      const response = await fetch('/api/reviews/sync', {
        method: 'POST',
        cache: 'no-store',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ query, clearExisting: true }),
      });
      const answer = syncAnswer(await response.json().catch(() => null));
      if (response.ok && answer?.success === true) {
        const inserted = Number(answer.inserted) || 0;
        const updated = Number(answer.updated) || 0;
        show({ title: texts.synced, description: fillSlots(texts.syncedText, { inserted, updated }) });
        await load();
      } else {
        console.warn(`The review sync failed (HTTP ${response.status}).`, answer);
        show({ title: texts.syncFailed, description: syncFailureText(texts, response.ok, answer), variant: 'destructive' });
      }
    } catch (error) {
      console.warn('The review sync could not be sent.', error);
      show({ title: texts.syncFailed, description: texts.syncUnsent, variant: 'destructive' });
    } finally {
      if (mounted.current) setSyncing(false);
    }
  };
  return { syncing, sync };
}

export function Reviews({ pageUrl, query, words, initial = null, now: renderedAt }: ReviewsProps) {
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
  const { syncing, sync } = useSync(query, texts, show, load, mounted);
  const loaded = phase === 'loaded' && list !== null;
  const busy = phase === 'failed' ? refreshing : !loaded || syncing;

  return (
    <div className="rv" data-reviews-state={phase} data-hydrated={hydrated || undefined}>
      <div className="rv-head">
        <h2 className="rv-heading">{words.heading}</h2>
        <p className="rv-source">{words.source}</p>
      </div>
      <div className="rv-actions">
        {/* One button that keeps its node (and the keyboard focus) from loading to loaded; it is
            marked busy with aria-disabled because a disabled button drops the focus to <body>. */}
        <button
          type="button"
          className="btn btn-primary"
          aria-disabled={busy}
          onClick={() => {
            if (busy) return;
            if (phase === 'failed') void load();
            else void sync();
          }}
          data-reviews-sync={phase === 'failed' ? undefined : ''}
        >
          {phase === 'failed' ? words.reload : syncing ? words.syncing : words.sync}
        </button>{' '}
        <a className="btn btn-outline" href={pageUrl} target="_blank" rel="noopener noreferrer" data-track="review">
          {words.allOnGoogle}
          <span className="visually-hidden">{` ${words.newTab}`}</span>
        </a>
      </div>
      <ReviewsBody phase={phase} list={loaded ? list : null} refreshing={refreshing} now={now} words={words} />
      <Toaster toasts={toasts} onDismiss={dismiss} closeLabel={texts.close} />
    </div>
  );
}

/** The state in words for a screen reader, and the reviews with their summary once loaded. */
function ReviewsBody({ phase, list, refreshing, now, words }: { phase: Phase; list: ReviewList | null; refreshing: boolean; now: Date; words: ReviewsIslandWords }) {
  const reviews = list?.reviews ?? [];
  let status = words.loading;
  if (phase === 'failed') status = words.toasts.loadFailedText;
  else if (list) status = reviews.length === 0 ? words.none : fillSlots(words.loaded, { reviews: countText(words, reviews.length) });
  return (
    <div className="rv-body" aria-busy={phase === 'loading' || refreshing}>
      {/* One polite live region for the state; the list itself is not read out on every reload. */}
      <div role="status" className={phase === 'loading' ? 'rv-status rv-loading' : 'rv-status visually-hidden'}>
        {phase === 'loading' && <span className="rv-spinner" aria-hidden="true" />}
        {status}
      </div>
      {phase === 'failed' && (
        <p className="rv-empty" aria-hidden="true">
          {words.toasts.loadFailedText}
        </p>
      )}
      {list && reviews.length === 0 && <p className="rv-empty">{words.none}</p>}
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
