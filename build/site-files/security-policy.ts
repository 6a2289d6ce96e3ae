// The Content-Security-Policy of the built site (core/http-policy.ts): the site itself and
// exactly the third parties data/site.yaml configures (Google Analytics, Google Ads) on every
// response, and the map's frame only on the pages that show the two-click map. The server reads it
// from dist/_server/headers.json; static hosts get it in _headers (build/site-files/static-host.ts). The
// page's one inline script (client/boot.ts) is allowed by its hash.
import { createHash } from 'node:crypto';
import type { Site } from '../../core/schema/site.ts';
import { headerPolicySchema, type HeaderPolicy } from '../../core/build-server-contract.ts';
import { MAP_EMBED_ATTRIBUTE } from '../../templates/components/MapEmbed.tsx';
import { policyHeader, type PolicyNeeds } from '../../core/http-policy.ts';

/** The CSP source of an inline script's exact text. */
function scriptHash(code: string): string {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
}

/** Whether a built page shows the two-click map, so its policy must allow the map's frame. */
export function showsMap(html: string): boolean {
  return html.includes(` ${MAP_EMBED_ATTRIBUTE}=`);
}

/** `mapPaths`: the URL paths of the pages that `showsMap`. */
export function headerPolicy(site: Site, mapPaths: readonly string[], inlineScripts: readonly string[]): HeaderPolicy {
  const needs: PolicyNeeds = { analytics: Boolean(site.analytics.gaMeasurementId), ads: Boolean(site.analytics.adsId), map: false, scriptHashes: inlineScripts.map(scriptHash) };
  const withMap = policyHeader({ ...needs, map: true });
  return headerPolicySchema.parse({ csp: policyHeader(needs), paths: Object.fromEntries(mapPaths.map((path) => [path, withMap])) });
}
