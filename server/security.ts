// Security headers: helmet's configuration, run once at start-up so every response
// (static hit or Express) carries exactly the same set without per-request work.
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy, one directive per key. Later features extend it here
 * (e.g. a map provider in frame-src). Scripts never get 'unsafe-inline'; HTTPS upgrades
 * and HSTS belong to the reverse proxy, because the server itself also runs on plain http.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", 'https://www.googletagmanager.com'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': [
    "'self'",
    'data:',
    'https://*.google-analytics.com',
    'https://*.googletagmanager.com',
    'https://www.google.com',
    'https://www.google.de',
    'https://googleads.g.doubleclick.net',
  ],
  'connect-src': [
    "'self'",
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
    'https://www.google.com',
    'https://googleads.g.doubleclick.net',
  ],
  'frame-src': ['https://www.google.com'],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

export type HeaderSet = Readonly<Record<string, string>>;

function helmetMiddleware() {
  const directives: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(CONTENT_SECURITY_POLICY)) directives[name] = [...values];
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: false,
    // Google's map embed and analytics rely on the origin being sent cross-site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/** Runs helmet against a recording response and returns the headers it sets. */
function captureHelmetHeaders(): HeaderSet {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failure: unknown;
  let finished = false;
  const middleware = helmetMiddleware() as unknown as (
    req: object,
    res: typeof recorder,
    next: (error?: unknown) => void,
  ) => void;
  middleware({}, recorder, (error) => {
    failure = error;
    finished = true;
  });
  if (failure !== undefined || !finished) {
    throw new Error(`The helmet configuration in server/security.ts is invalid: ${String(failure)}`);
  }
  return Object.freeze(headers);
}

export const SECURITY_HEADERS: HeaderSet = captureHelmetHeaders();

/** Express middleware giving dynamic responses the same headers as static ones. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const name in SECURITY_HEADERS) res.setHeader(name, SECURITY_HEADERS[name]!);
  next();
};
