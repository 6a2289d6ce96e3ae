// The answer of GET /api/reviews (ARCHITECTURE.md, HTTP API): what the server sends and the
// reviews island reads. Types only: the island checks the shape itself and carries no zod.

/** A row of google_reviews (spec section 3), as the API lists it. */
export interface Review {
  id: string;
  author_name: string;
  author_url: string | null;
  author_photo_url: string | null;
  rating: number;
  text: string | null;
  time_created: string;
}

/** Average to one decimal, the total, and the stars 5 to 1 with count and percentage. */
export interface ReviewSummary {
  average: number;
  totalReviews: number;
  distribution: { stars: number; count: number; percentage: number }[];
}

export interface ReviewList {
  /** Newest first. */
  reviews: Review[];
  summary: ReviewSummary;
  /** Google's own figures for the place from the last successful sync (aggregate rating). */
  place: { rating: number; userRatingCount: number } | null;
}
