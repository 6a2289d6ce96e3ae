// What the build leaves for the server in dist/_server/ (core/build-server-contract.ts,
// docs/build-server-contract.md), each checked against the contract's schema before it is written:
// the header policy, the route list, each place page's index verdict, the business facts and words the server needs, every message
// a visitor can read from the server, and the frame of the owner's console. The page of an unknown place and the message page are routes of their own
// (build/routes/), rendered with the rest.
import { fallbackPlacesSchema, placeIndexSchema, routeManifestSchema, serverFile, siteFactsSchema, type HeaderPolicy } from '../../core/build-server-contract.ts';
import { placePath } from '../../core/slugs.ts';
import { visitorMessagesSchema } from '../../core/schema/messages.ts';
import { MESSAGE_FILE, REVIEWS_WORDS, wordsOf } from '../routes/index.ts';
import { buildConsoleStyles } from '../assets/bundles.ts';
import type { DistWriter } from '../write/dist-writer.ts';
import { buildVersion, renderConsoleShell } from './console-shell.ts';
import type { SiteFilesInputs } from './site-files.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/** Writes dist/_server/; resolves to the number of pages in the route list. */
export async function writeServerFiles(writer: DistWriter, { data, siteUrl, rootDir, assets, routes, policy, goLive, placeIndex }: SiteFilesInputs & { policy: HeaderPolicy }): Promise<number> {
  writer.write(serverFile('policy'), json(policy));
  writer.write(serverFile('fallbackPlaces'), json(fallbackPlacesSchema.parse(data.fallbackPlaces)));
  // The route list names the page of an unknown place by the first place that gets it (audit,
  // tests); without any such place, the server never answers it, and the list leaves it out.
  const [example] = Object.keys(data.fallbackPlaces);
  // For the audit, the link checker and the tests: which template each page uses. The 404 template
  // is listed under its file, which the server serves with status 200 (Lighthouse refuses 4xx).
  const manifest = routes
    .filter((route) => route.file !== MESSAGE_FILE && (route.template !== 'fallback' || example !== undefined))
    .map((route) => ({
      path: route.template === 'fallback' ? placePath(example!) : (route.path ?? `/${route.file}`),
      file: route.file,
      template: route.template,
      title: route.head.title,
      indexable: route.indexable,
      ...(route.name === undefined ? {} : { name: route.name }),
    }));
  writer.write(serverFile('routes'), json(routeManifestSchema.parse(manifest)));
  // Whether search engines may find each place page and why not, for the console's Orte form.
  writer.write(serverFile('placeIndex'), json(placeIndexSchema.parse(placeIndex)));
  const { site } = data;
  const facts = {
    name: site.name,
    email: site.email,
    phoneDisplay: site.phone.display,
    url: siteUrl,
    reviewsPageUrl: site.reviews.pageUrl,
    reviewsIsland: wordsOf(data, REVIEWS_WORDS).island,
    console: data.consoleWords,
    phoneScript: data.phoneScript,
    build: { date: data.buildDate.toISOString(), version: buildVersion(rootDir) },
    goLive,
  };
  const consoleStyles = await buildConsoleStyles(rootDir);
  writer.write(serverFile('consolePage'), renderConsoleShell({ site, words: data.consoleWords, stylesheet: assets.css.url, consoleStyles }));
  writer.write(serverFile('siteFacts'), json(siteFactsSchema.parse(facts)));
  writer.write(serverFile('messages'), json(visitorMessagesSchema.parse(data.messages)));
  return manifest.length;
}
