// Security headers for the responses Express makes, the same set the static table carries for
// every response but the pages that need more (core/http-policy.ts, with the build's
// Content-Security-Policy), so every response has exactly the same headers.
import type { RequestHandler } from 'express';
import type { HeaderSet } from '../../core/http-policy.ts';

/** Express middleware giving dynamic responses the headers of the static ones. */
export function withSecurityHeaders(headers: HeaderSet): RequestHandler {
  return (_req, res, next) => {
    for (const name in headers) res.setHeader(name, headers[name]!);
    next();
  };
}
