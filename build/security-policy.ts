// The Content-Security-Policy of the built site (templates/lib/http-policy.ts): the site itself and
// exactly the third parties data/site.yaml configures (Google Analytics, Google Ads) on every
// response, and the map's frame only on the pages that show the two-click map. The server reads it
// from dist/_server/headers.json; static hosts get it in _headers (build/static-host.ts). The
// page's one inline script (client/boot.ts) is allowed by its hash.
import { createHash } from 'node:crypto';
import type { Site } from '../data/schema/site.ts';
import { headerPolicySchema, type HeaderPolicy } from '../templates/lib/build-output.ts';
import { MAP_EMBED_ATTRIBUTE } from '../templates/components/MapEmbed.tsx';
import { policyHeader, type PolicyNeeds } from '../templates/lib/http-policy.ts';

/** The CSP source of an inline script's exact text. */
function scriptHash(code: string): string {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
}

export function headerPolicy(site: Site, pages: readonly { path: string; html: string | Buffer }[], inlineScripts: readonly string[]): HeaderPolicy {
  const needs: PolicyNeeds = { analytics: Boolean(site.analytics.gaMeasurementId), ads: Boolean(site.analytics.adsId), map: false, scriptHashes: inlineScripts.map(scriptHash) };
  const withMap = policyHeader({ ...needs, map: true });
  const mapPages = pages.filter((page) => page.html.includes(` ${MAP_EMBED_ATTRIBUTE}=`));
  return headerPolicySchema.parse({ csp: policyHeader(needs), paths: Object.fromEntries(mapPages.map((page) => [page.path, withMap])) });
}
