// The site-files step: everything the site needs besides its pages, written once the pages are:
// the assets, sitemap.xml, robots.txt, security.txt, the static host's _headers and _redirects, the
// icon, and the server's files in dist/_server/ (build/site-files/server-files.ts).
import type { SiteData } from '../load/site-data.ts';
import type { Assets } from '../assets/assets.ts';
import type { Route } from '../routes/index.ts';
import type { DistWriter } from '../write/dist-writer.ts';
import { headerPolicy } from './security-policy.ts';
import { writeServerFiles } from './server-files.ts';
import type { GoLiveItem } from '../../core/go-live.ts';
import type { PlaceIndex } from '../../core/build-server-contract.ts';
import { robotsTxt, securityTxt, sitemapXml } from './sitemap.ts';
import { headersFile, redirectsFile } from './static-host.ts';

export interface SiteFilesInputs {
  data: SiteData;
  siteUrl: string;
  rootDir: string;
  assets: Assets;
  routes: readonly Route[];
  /** The pages that show the map, whose policy allows its frame. */
  mapPaths: readonly string[];
  /** The go-live items of the build's check (build/check.ts), for the console's System page. */
  goLive: readonly GoLiveItem[];
  /** Every place page's index verdict (build/indexing/policy.ts, placeVerdicts), for the console's Orte form. */
  placeIndex: PlaceIndex;
}

/** Writes the site's other files; resolves to the number of pages in the route list. */
export async function writeSiteFiles(writer: DistWriter, inputs: SiteFilesInputs): Promise<number> {
  const { data, siteUrl, assets, routes } = inputs;
  const { css, js, consentDetails } = assets;
  for (const asset of [css, consentDetails, js.main, ...js.chunks]) writer.write(asset.file, asset.content);
  writer.write('sitemap.xml', sitemapXml(routes, siteUrl));
  writer.write('robots.txt', robotsTxt(siteUrl));
  writer.write('.well-known/security.txt', securityTxt(siteUrl, data.site.email, data.buildDate));
  const policy = headerPolicy(data.site, [...inputs.mapPaths].sort(), [assets.page.bootCode]);
  writer.write('_headers', headersFile(policy));
  writer.write('_redirects', redirectsFile());
  writer.write('favicon.svg', assets.favicon);
  return writeServerFiles(writer, { ...inputs, policy });
}
