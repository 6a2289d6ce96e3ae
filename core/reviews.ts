// The answer of GET /api/reviews (docs/api.md, 'GET /api/reviews'): what the server sends and the
// reviews island reads. Types only: the island checks the shape itself and carries no zod.

/** A review of this many stars or fewer is the owner's to look at: marked in the console, alerted by push and mail, listed in the daily summary. */
export const LOW_REVIEW_STARS = 3;

/** A row of google_reviews (docs/architecture.md, 'Database'), as the API lists it. */
export interface Review {
  id: string;
  author_name: string;
  author_url: string | null;
  author_photo_url: string | null;
  rating: number;
  text: string | null;
  time_created: string;
}

/**
 * The cached reviews summed up: average to one decimal, their number, and the stars 5 to 1 with
 * count and percentage. Google's API returns at most five reviews per retrieval, so these figures
 * describe the cache, not the place; `complete` says whether the cache holds as many reviews as
 * Google counts for the place (only then may the page show the distribution as the place's).
 */
export interface ReviewSummary {
  average: number;
  totalReviews: number;
  distribution: { stars: number; count: number; percentage: number }[];
  complete: boolean;
}

export interface ReviewList {
  /** Newest first. */
  reviews: Review[];
  summary: ReviewSummary;
  /** Google's own figures for the place from the last successful sync (aggregate rating). */
  place: { rating: number; userRatingCount: number } | null;
}
