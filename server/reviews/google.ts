// The Google Places API (New) client: one Place Details call with a field mask, parsed with zod.
// Every failure comes back as a typed result; nothing here throws.
import { z } from 'zod';

export const PLACES_FIELD_MASK = 'id,displayName,rating,userRatingCount,reviews';
export const PLACES_TIMEOUT_MS = 10_000;

const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not an RFC 3339 time');

const reviewSchema = z.object({
  // "places/{placeId}/reviews/{reviewId}": Google's stable id of the review.
  name: z.string().min(1),
  rating: z.number().int().min(1).max(5),
  text: z.object({ text: z.string(), languageCode: z.string().optional() }).optional(),
  originalText: z.object({ text: z.string(), languageCode: z.string().optional() }).optional(),
  authorAttribution: z
    .object({ displayName: z.string().optional(), uri: z.string().optional(), photoUri: z.string().optional() })
    .optional(),
  publishTime: isoTime,
  relativePublishTimeDescription: z.string().optional(),
});

const placeSchema = z.object({
  id: z.string().min(1),
  displayName: z.object({ text: z.string(), languageCode: z.string().optional() }).optional(),
  rating: z.number().min(1).max(5).optional(),
  userRatingCount: z.number().int().min(0).optional(),
  // A place without reviews omits the field.
  reviews: z.array(reviewSchema).optional(),
});

export interface PlaceReview {
  id: string;
  authorName: string;
  authorUrl: string | null;
  authorPhotoUrl: string | null;
  rating: number;
  text: string | null;
  /** ISO 8601 in UTC, so that text order is time order. */
  timeCreated: string;
}

export interface PlaceDetails {
  id: string;
  name: string | null;
  rating: number | null;
  userRatingCount: number | null;
  reviews: PlaceReview[];
}

export type PlacesErrorKind = 'config' | 'http' | 'timeout' | 'network' | 'malformed';

export interface PlacesError {
  kind: PlacesErrorKind;
  /** English, for the operator: what happened, why, what to do. */
  message: string;
}

export type PlacesResult = { ok: true; place: PlaceDetails } | { ok: false; error: PlacesError };

export interface PlacesRequest {
  apiKey: string | null;
  placeId: string | null;
  baseUrl: string;
  timeoutMs?: number;
}

const placesFailure = (kind: PlacesErrorKind, message: string): PlacesResult => ({ ok: false, error: { kind, message } });

/**
 * The kind of a failed sync from its stored message (review_syncs keeps the message only), for the
 * owner's console to say it in German: the messages above start alike for each kind.
 */
export function failureKindOf(message: string): PlacesErrorKind | 'refused' {
  if (/^GOOGLE_PLACE(S_API_KEY|_ID) is not set/.test(message)) return 'config';
  if (/did not answer within/.test(message)) return 'timeout';
  if (/^Cannot reach/.test(message)) return 'network';
  if (/answered HTTP (400|401|403|404)\b/.test(message)) return 'refused';
  return /answered HTTP \d+\./.test(message) ? 'http' : 'malformed';
}

function toReview(review: z.infer<typeof reviewSchema>): PlaceReview {
  const author = review.authorAttribution;
  return {
    id: review.name,
    authorName: author?.displayName?.trim() || 'Google-Nutzer',
    authorUrl: author?.uri ?? null,
    authorPhotoUrl: author?.photoUri ?? null,
    rating: review.rating,
    text: review.text?.text ?? review.originalText?.text ?? null,
    timeCreated: new Date(review.publishTime).toISOString(),
  };
}

/** Google's error body: `{error: {status, message}}`. */
const upstreamErrorSchema = z.object({ error: z.object({ status: z.string().optional(), message: z.string().min(1) }) });

/** Google's own error text, when the body carries one. */
function upstreamReason(body: string): string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    // Not JSON: the status code alone has to do.
    return '';
  }
  const parsed = upstreamErrorSchema.safeParse(json);
  return parsed.success ? ` (${parsed.data.error.status ?? 'error'}: ${parsed.data.error.message})` : '';
}

/** What fetch() throws: its name tells a timeout, and undici puts the network's reason (ECONNREFUSED, …) in `cause`. */
const fetchFailureSchema = z.object({
  name: z.string().catch(''),
  message: z.string().catch(''),
  cause: z.object({ code: z.string().optional(), message: z.string().optional() }).optional().catch(undefined),
});

export async function fetchPlaceDetails(request: PlacesRequest): Promise<PlacesResult> {
  if (!request.apiKey) {
    return placesFailure('config', 'GOOGLE_PLACES_API_KEY is not set: set it to a Google Cloud API key with the Places API (New) enabled.');
  }
  if (!request.placeId) {
    return placesFailure('config', 'GOOGLE_PLACE_ID is not set: set it to the place id of the business (Google\'s Place ID Finder shows it).');
  }
  const timeoutMs = request.timeoutMs ?? PLACES_TIMEOUT_MS;
  const url = new URL(`/v1/places/${encodeURIComponent(request.placeId)}`, request.baseUrl);
  url.searchParams.set('languageCode', 'de');
  const where = `Google Places API at ${url.origin}`;

  let status: number;
  let body: string;
  try {
    const response = await fetch(url, {
      headers: { 'X-Goog-Api-Key': request.apiKey, 'X-Goog-FieldMask': PLACES_FIELD_MASK, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    body = await response.text();
  } catch (error) {
    const failure = fetchFailureSchema.safeParse(error);
    const { name, message, cause } = failure.success ? failure.data : { name: '', message: String(error), cause: undefined };
    if (name === 'TimeoutError' || name === 'AbortError') {
      return placesFailure('timeout', `The ${where} did not answer within ${timeoutMs} ms; the next sync tries again.`);
    }
    return placesFailure('network', `Cannot reach the ${where}: ${cause?.code ?? cause?.message ?? message}. Check the network and GOOGLE_PLACES_BASE_URL.`);
  }

  if (status < 200 || status > 299) {
    const hint = status === 400 || status === 403 || status === 404
      ? 'Check GOOGLE_PLACES_API_KEY (Places API (New) enabled, not restricted away) and GOOGLE_PLACE_ID.'
      : 'Google may be having trouble; the next sync tries again.';
    return placesFailure('http', `The ${where} answered HTTP ${status}${upstreamReason(body)}. ${hint}`);
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return placesFailure('malformed', `The ${where} answered HTTP ${status} with a body that is not JSON (${JSON.stringify(body.slice(0, 80))}); nothing was changed.`);
  }
  const parsed = placeSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    return placesFailure('malformed', `The ${where} answered in an unexpected shape: ${path}: ${issue.message}; nothing was changed.`);
  }
  const place = parsed.data;
  return {
    ok: true,
    place: {
      id: place.id,
      name: place.displayName?.text ?? null,
      rating: place.rating ?? null,
      userRatingCount: place.userRatingCount ?? null,
      reviews: (place.reviews ?? []).map(toReview),
    },
  };
}

/** Google's list of the place's reviews, where the owner signed in answers them; without a place id, the site's review page of data/site.yaml. */
export function answerLink(placeId: string | null, reviewsPageUrl: string): { href: string; fromPlaceId: boolean } {
  if (placeId === null) return { href: reviewsPageUrl, fromPlaceId: false };
  const url = new URL('https://search.google.com/local/reviews');
  url.searchParams.set('placeid', placeId);
  return { href: url.href, fromPlaceId: true };
}
