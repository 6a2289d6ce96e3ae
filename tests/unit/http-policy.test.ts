// The security headers are written out as data (core/http-policy.ts) so that the build
// needs no server code; helmet, the library that knows which headers a site should send, must
// produce exactly the same set for the same policy, or this test names the difference. The policy
// allows a third party only where the configuration and the page need it.
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, NO_THIRD_PARTY, PERMISSIONS_POLICY, REFERRER_POLICY, SECURITY_HEADERS, type PolicyNeeds } from '../../core/http-policy.ts';

function helmetHeaders(needs: PolicyNeeds): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name] = Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(needs) },
    strictTransportSecurity: false,
    referrerPolicy: { policy: REFERRER_POLICY },
    // Read by no browser the site is built for, or superseded by the CSP's frame-ancestors
    // (core/http-policy.ts says why each is left out).
    xDownloadOptions: false,
    xXssProtection: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
  });
  let failure: unknown = 'not called';
  (middleware as unknown as (req: object, res: typeof response, next: (error?: unknown) => void) => void)({}, response, (error) => (failure = error));
  expect(failure).toBeUndefined();
  return headers;
}

const directive = (needs: PolicyNeeds, name: string) => contentSecurityPolicy(needs)[name]!.join(' ');
const GOOGLE = /google|doubleclick/;

describe('security headers', () => {
  it('are the set helmet sends for our policy, less four no browser of ours needs, plus Permissions-Policy; HSTS left to the proxy', () => {
    const { 'Permissions-Policy': permissions, ...rest } = SECURITY_HEADERS;
    expect(rest).toEqual(helmetHeaders(NO_THIRD_PARTY));
    expect(permissions).toBe(PERMISSIONS_POLICY);
    expect(SECURITY_HEADERS).not.toHaveProperty('Strict-Transport-Security');
  });

  it('forbid framing by another site through the CSP, which every browser of ours obeys', () => {
    expect(directive(NO_THIRD_PARTY, 'frame-ancestors')).toBe("'self'");
    expect(SECURITY_HEADERS).not.toHaveProperty('X-Frame-Options');
  });

  it('deny the browser features the site never uses', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
  });
});

describe('the Content-Security-Policy', () => {
  it('allows no third party when nothing is configured and the page has no map', () => {
    expect(Object.values(contentSecurityPolicy(NO_THIRD_PARTY)).flat().join(' ')).not.toMatch(GOOGLE);
    expect(directive(NO_THIRD_PARTY, 'frame-src')).toBe("'none'");
    expect(directive(NO_THIRD_PARTY, 'script-src')).toBe("'self'");
    // Connections and fonts fall back to default-src 'self'.
    expect(contentSecurityPolicy(NO_THIRD_PARTY)).not.toHaveProperty('connect-src');
    expect(contentSecurityPolicy(NO_THIRD_PARTY)).not.toHaveProperty('font-src');
  });

  it('allows Analytics, Ads and the map frame each only when it is needed', () => {
    const analytics = { ...NO_THIRD_PARTY, analytics: true };
    expect(directive(analytics, 'script-src')).toBe("'self' https://www.googletagmanager.com");
    expect(directive(analytics, 'connect-src')).toMatch(/^'self' /);
    expect(directive(analytics, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(analytics, 'connect-src')).not.toContain('doubleclick');
    expect(directive(analytics, 'frame-src')).toBe("'none'");
    const ads = { ...NO_THIRD_PARTY, ads: true };
    expect(directive(ads, 'img-src')).toContain('https://googleads.g.doubleclick.net');
    expect(directive(ads, 'connect-src')).not.toContain('google-analytics');
    const map = { ...NO_THIRD_PARTY, map: true };
    expect(directive(map, 'frame-src')).toBe('https://www.google.com');
    expect(directive(map, 'script-src')).toBe("'self'");
  });

  it('never lets scripts run inline, and keeps inline styles working (no hash that would void unsafe-inline)', () => {
    const all: PolicyNeeds = { analytics: true, ads: true, map: true };
    expect(directive(all, 'script-src')).not.toContain('unsafe-inline');
    expect(directive(all, 'style-src')).toBe("'self' 'unsafe-inline'");
  });
});
