// The security headers are written out as data (templates/lib/http-policy.ts) so that the build
// needs no server code; helmet, the library that knows which headers a site should send, must
// produce exactly the same set for the same policy, or this test names the difference.
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, REFERRER_POLICY, SECURITY_HEADERS } from '../../templates/lib/http-policy.ts';

function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name] = Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  const directives = Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => [name, [...values]]));
  const middleware = helmet({ contentSecurityPolicy: { useDefaults: false, directives }, strictTransportSecurity: false, referrerPolicy: { policy: REFERRER_POLICY } });
  let failure: unknown = 'not called';
  (middleware as unknown as (req: object, res: typeof response, next: (error?: unknown) => void) => void)({}, response, (error) => (failure = error));
  expect(failure).toBeUndefined();
  return headers;
}

describe('security headers', () => {
  it('are the set helmet sends for our policy, HSTS left to the proxy', () => {
    expect({ ...SECURITY_HEADERS }).toEqual(helmetHeaders());
    expect(SECURITY_HEADERS).not.toHaveProperty('Strict-Transport-Security');
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(SECURITY_HEADERS['Content-Security-Policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
