// The one shape of every per-address limit of the API: draft-8 RateLimit headers, the visitor's
// address from the proxy's X-Forwarded-For (a client's own Forwarded header is ignored, not
// logged), and an answer in the module's own words.
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';

export interface LimitOptions {
  windowMs: number;
  limit: number;
  /** Answers the request over the limit (status 429). */
  answer(req: Request, res: Response): void;
  /** Counts only requests answered below 400. */
  skipFailedRequests?: boolean;
}

export function apiRateLimit({ windowMs, limit, answer, skipFailedRequests = false }: LimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    validate: { forwardedHeader: false },
    skipFailedRequests,
    handler: (req, res) => answer(req, res),
  });
}
