// The Content-Security-Policy a visitor's browser gets, from the real server and from _headers for
// static hosts, built once without analytics ids (the shipped data) and once with Google Analytics
// and Google Ads configured: a third party appears only when configured, the map's frame only on
// the pages with the map; plus the files security scanners look for.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { PERMISSIONS_POLICY } from '../../core/http-policy.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { BUILD_DATE, buildSite, type BuiltSite } from '../support/site-build.ts';

interface Served {
  site: BuiltSite;
  server: RunningServer;
  csp(path: string, init?: RequestInit): Promise<string>;
}

const roots: string[] = [];

async function serve(site: BuiltSite): Promise<Served> {
  const root = mkdtempSync(join(tmpdir(), 'policy-'));
  roots.push(root);
  const server = await startServer({ distDir: site.dir, port: 0, host: '127.0.0.1', databasePath: join(root, 'site.db'), log: () => undefined, features: { jobs: false } });
  const csp = async (path: string, init?: RequestInit) => (await fetch(`${server.url}${path}`, init)).headers.get('content-security-policy') ?? '';
  return { site, server, csp };
}

let plain: Served;
let configured: Served;
let data: DataCopy;

beforeAll(async () => {
  data = copyData();
  data.edit('site.yaml', (text) => text.replace('gaMeasurementId: null', 'gaMeasurementId: G-TEST12345').replace('adsId: null', 'adsId: AW-123456789'));
  plain = await serve(await buildSite());
  configured = await serve(await buildSite({ dataDir: data.dir }));
}, 120_000);

afterAll(async () => {
  await plain?.server.close();
  await configured?.server.close();
  configured?.site.remove();
  data?.remove();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const GOOGLE = /google|doubleclick/;
const MAP_FRAME = /frame-src https:\/\/www\.google\.com/;

describe('the Content-Security-Policy, with nothing configured', () => {
  it('names no third party on a page without the map, on the API and on a 404', async () => {
    for (const path of ['/', '/preise', '/schluesseldienst/essen', '/api/reviews', '/gibt-es-nicht']) expect(await plain.csp(path), path).not.toMatch(GOOGLE);
  });

  it("allows Google's map frame on the pages with the two-click map, and nothing else of Google there", async () => {
    for (const path of ['/einsatzgebiet', '/kontakt']) {
      const csp = await plain.csp(path);
      expect(csp, path).toMatch(MAP_FRAME);
      expect(csp.replace(MAP_FRAME, ''), path).not.toMatch(GOOGLE);
    }
  });

  it('is the same in _headers for static hosts: the general policy for all, the map pages replace it', () => {
    const headers = plain.site.read('_headers');
    const general = /^\/\*\n((?: {2}.*\n)+)/m.exec(headers)![1]!;
    expect(general).toMatch(/Content-Security-Policy: default-src 'self'/);
    expect(general).not.toMatch(GOOGLE);
    expect(headers).toMatch(/\n\/kontakt\n {2}! Content-Security-Policy\n {2}Content-Security-Policy: default-src 'self';[^\n]*frame-src https:\/\/www\.google\.com/);
  });
});

describe('the Content-Security-Policy, with Analytics and Ads configured', () => {
  it('allows Tag Manager, Analytics and Ads on every page, the map frame still only where the map is', async () => {
    const home = await configured.csp('/');
    expect(home).toContain('script-src \'self\' https://www.googletagmanager.com');
    expect(home).toContain('https://*.google-analytics.com');
    expect(home).toContain('https://googleads.g.doubleclick.net');
    expect(home).not.toMatch(MAP_FRAME);
    expect(await configured.csp('/kontakt')).toMatch(MAP_FRAME);
    expect(configured.site.read('_headers')).toContain(`  Content-Security-Policy: ${home}\n`);
  });

  it('differs from the plain build exactly by the configured origins', async () => {
    const directives = (csp: string): Record<string, string[]> => Object.fromEntries(csp.split(';').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));
    const before = directives(await plain.csp('/'));
    const after = directives(await configured.csp('/'));
    // A directive the plain build leaves out falls back to its default-src.
    const added = Object.entries(after).flatMap(([name, values]) => values.filter((value) => !(before[name] ?? before['default-src']!).includes(value)));
    expect(added.length).toBeGreaterThan(0);
    for (const origin of added) expect(origin).toMatch(GOOGLE);
  });
});

describe('what security scanners look for', () => {
  it('sends Permissions-Policy on pages, files and the API', async () => {
    for (const path of ['/', '/robots.txt', '/api/reviews']) {
      expect((await fetch(`${plain.server.url}${path}`)).headers.get('permissions-policy'), path).toBe(PERMISSIONS_POLICY);
    }
  });

  it('serves /.well-known/security.txt with the contact of data/site.yaml and an expiry 180 days after the build', async () => {
    const response = await fetch(`${plain.server.url}/.well-known/security.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    const email = /email: (\S+)/.exec(data.read('site.yaml'))![1];
    expect(text).toContain(`Contact: mailto:${email}`);
    const expires = new Date(/^Expires: (.+)$/m.exec(text)![1]!);
    const days = (expires.getTime() - BUILD_DATE.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThanOrEqual(180);
    expect(text).toMatch(/^Canonical: https:\/\/.+\/\.well-known\/security\.txt$/m);
  });
});
