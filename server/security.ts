// Security headers for the responses Express makes, the same set the static table carries
// (templates/lib/http-policy.ts), so every response has exactly the same headers.
import type { RequestHandler } from 'express';
import { SECURITY_HEADERS } from '../templates/lib/http-policy.ts';

/** Express middleware giving dynamic responses the same headers as static ones. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const name in SECURITY_HEADERS) res.setHeader(name, SECURITY_HEADERS[name]!);
  next();
};
