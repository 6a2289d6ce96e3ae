// The contract between build and server: what the build writes into dist/_server/ for the server
// (never served to the public), the tokens the server replaces in it, and the zod schemas both
// sides check it with. The build validates before it writes; the server checks at start and
// refuses a dist/ of another version with what to rebuild (server/index.ts).
import { z } from 'zod';
import { consoleWordsSchema } from './schema/console.ts';
import { GO_LIVE_GROUPS, GO_LIVE_KINDS } from './go-live.ts';
import { phoneScriptSchema } from './schema/phone-script.ts';
import { reviewsIslandWordsSchema } from './schema/reviews-page.ts';
import { visitorMessagesSchema } from './schema/messages.ts';
import { PLACE_SLUG } from './place-names.ts';

/** A release's folder name under releases/ (build/release.ts): its build time, and a counter when two share it. */
export const RELEASE_NAME = /^\d{8}-\d{6}-\d{3}(-\d+)?$/;

/** The folder of dist/ the server reads and never serves; static hosts do not publish it either (build/site-files/static-host.ts). */
export const SERVER_FOLDER = '_server';

/**
 * unknownPlacePage: the place page of a place the data does not know, with UNKNOWN_PLACE_TOKENS for name and slug;
 * messagePage: the answer to a form sent without JavaScript, with MESSAGE_TOKENS;
 * consolePage: the frame of the owner's console (/intern), with CONSOLE_TOKENS;
 * fallbackPlaces: the places that get the page of an unknown place, name by slug (fallbackPlacesSchema);
 * siteFacts: the few business facts the server needs, and the words of the island it renders (siteFactsSchema);
 * messages: every message the server gives a visitor (visitorMessagesSchema, data/messages.yaml);
 * routes: every page with its template, title and index state (routeManifestSchema), for the
 * audit, the link checker and the tests;
 * policy: the Content-Security-Policy of every response and of the pages that need more
 * (headerPolicySchema);
 * placeIndex: whether search engines may index each place page, and why not (placeIndexSchema),
 * for the console's Orte form.
 */
export const SERVER_FILES = { unknownPlacePage: 'place-fallback.html', fallbackPlaces: 'fallback-places.json', messagePage: 'message.html', consolePage: 'console.html', siteFacts: 'site.json', messages: 'messages.json', routes: 'routes.json', policy: 'headers.json', placeIndex: 'place-index.json' } as const;

/** `dist/_server/<file>` relative to dist/. */
export function serverFile(name: keyof typeof SERVER_FILES): string {
  return `${SERVER_FOLDER}/${SERVER_FILES[name]}`;
}

/**
 * The kinds of page the build renders, each route's `template`: written to <body data-page> for the
 * browser code, and to the route list for the audit, the link checker and the tests. Town and
 * district pages are the place pages of the two kinds of place; `fallback` is the place page the
 * server fills for a place the data does not know.
 */
export const TEMPLATE_NAMES = ['home', 'services', 'service', 'prices', 'about', 'trust', 'contact', 'reviews', 'area', 'town', 'district', 'fallback', 'legal', 'order', 'message', '404'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export const UNKNOWN_PLACE_TOKENS = { name: 'FALLBACKPLACENAME', slug: 'fallbackplaceslug' } as const;
export const MESSAGE_TOKENS = { title: 'MESSAGETITLE', body: 'MESSAGEBODY' } as const;
export const CONSOLE_TOKENS = { title: 'CONSOLETITLE', nav: 'CONSOLENAV', body: 'CONSOLEBODY' } as const;

export const siteFactsSchema = z.object({
  name: z.string().min(1),
  email: z.email(),
  phoneDisplay: z.string().min(1),
  url: z.url(),
  reviewsPageUrl: z.url(),
  /** The words of the reviews island, which the server renders (data/reviews-page.yaml, `island`). */
  reviewsIsland: reviewsIslandWordsSchema,
  /** The words of the owner's console (data/console.yaml). */
  console: consoleWordsSchema,
  /** What we say on the phone before we drive (data/phone-script.yaml), shown in the console. */
  phoneScript: phoneScriptSchema,
  /** When the build ran (ISO time) and of which version (package.json's, and the commit when built from a git checkout). */
  build: z.object({ date: z.iso.datetime(), version: z.string().min(1) }),
  /** The go-live items the build found (core/go-live.ts), for the console's System page; a file without them has none. */
  goLive: z
    .array(z.object({ group: z.enum(GO_LIVE_GROUPS), kind: z.enum(GO_LIVE_KINDS), slots: z.record(z.string(), z.string()), text: z.string(), running: z.boolean() }))
    .optional(),
});
export type SiteFacts = z.infer<typeof siteFactsSchema>;

/**
 * A place name the server writes into the page of an unknown place: letters, spaces, hyphens, dots
 * and parentheses ("Stolberg (Rheinland)"), so it is safe in HTML text, attributes and JSON strings
 * alike without escaping.
 */
export const FALLBACK_PLACE_NAME = /^\p{L}[\p{L} .()-]*$/u;

/**
 * The places that get the page of an unknown place (docs/build-server-contract.md): every place
 * name of North Rhine-Westphalia in data/postcodes.csv without a page of its own, by its slug.
 * Any other slug gets the 404.
 */
export const fallbackPlacesSchema = z.record(z.string().max(60).regex(PLACE_SLUG), z.string().max(80).regex(FALLBACK_PLACE_NAME));
export type FallbackPlaces = z.infer<typeof fallbackPlacesSchema>;

export const routeManifestSchema = z.array(
  z.object({ path: z.string().startsWith('/'), file: z.string().min(1), template: z.enum(TEMPLATE_NAMES), title: z.string(), indexable: z.boolean(), name: z.string().optional() }),
);
export type RouteManifest = z.infer<typeof routeManifestSchema>;

/**
 * Why the build made a place page `noindex` (build/indexing/policy.ts): a district without a
 * description of its own, one whose description has too few words, or one that reads too much like
 * another indexable place page.
 */
export const NOINDEX_REASONS = ['noDescription', 'tooShort', 'similar'] as const;
export type NoindexReason = (typeof NOINDEX_REASONS)[number];

/**
 * The build's verdict on one place page. `similarity`: the highest share of word 5-grams it has in
 * common with another indexable place page, place names and numbers masked, and `other` that page;
 * only for the pages compared (the indexable ones, and those that failed the comparison).
 * `words`: the description's words, for `tooShort`.
 */
export const placeVerdictSchema = z
  .object({
    indexable: z.boolean(),
    reason: z.enum(NOINDEX_REASONS).nullable(),
    words: z.number().int().nonnegative().optional(),
    similarity: z.number().min(0).max(1).optional(),
    other: z.string().startsWith('/').optional(),
  })
  .strict()
  .refine((verdict) => verdict.indexable === (verdict.reason === null), 'a page is indexable exactly when it has no reason against it')
  .refine((verdict) => verdict.reason !== 'similar' || (verdict.similarity !== undefined && verdict.other !== undefined), 'a page too similar names its similarity and the other page')
  .refine((verdict) => verdict.reason !== 'tooShort' || verdict.words !== undefined, 'a description too short names its words');
export type PlaceVerdict = z.infer<typeof placeVerdictSchema>;

/** Every place page's verdict by its path, with the two limits the build applied (docs/build-server-contract.md). */
export const placeIndexSchema = z
  .object({ maxSimilarity: z.number().min(0).max(1), minWords: z.number().int().positive(), pages: z.record(z.string().startsWith('/'), placeVerdictSchema) })
  .strict();
export type PlaceIndex = z.infer<typeof placeIndexSchema>;

/**
 * `csp`: the Content-Security-Policy of every response (it allows the configured analytics and ads);
 * `paths`: the pages whose policy allows more (the map's frame), by path.
 */
export const headerPolicySchema = z.object({ csp: z.string().startsWith("default-src 'self'"), paths: z.record(z.string().startsWith('/'), z.string().startsWith("default-src 'self'")) }).strict();
export type HeaderPolicy = z.infer<typeof headerPolicySchema>;

/** The texts of the server's files as the server read them; null where a file is missing. */
export interface ServerFileTexts {
  unknownPlacePage: string | null;
  fallbackPlaces: string | null;
  messagePage: string | null;
  consolePage: string | null;
  siteFacts: string | null;
  messages: string | null;
  policy: string | null;
}

/** What is wrong with a JSON file of the contract, or null when it fits its schema. */
function checkJson(name: keyof typeof SERVER_FILES, text: string, schema: z.ZodType, rebuild: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `dist/${serverFile(name)} is not JSON and ${rebuild}.`;
  }
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `dist/${serverFile(name)}: ${issue.path.join('.') || 'the file'}: ${issue.message}; it ${rebuild}.`;
}

/**
 * What is wrong with the server's files of a dist/, each naming the file and what to do; empty
 * when they fit this version. A missing file is not wrong here (the server then runs without what
 * it gives, and says so), except the messages: without them a visitor's error would have no words.
 * The route manifest is not checked: the server never reads it, and the
 * scripts that do check it with routeManifestSchema themselves.
 */
export function serverFileProblems(files: ServerFileTexts): string[] {
  const problems: string[] = [];
  const rebuild = 'was written by another version of the build; run "npm run build"';
  const template = (name: 'unknownPlacePage' | 'messagePage' | 'consolePage', tokens: readonly string[]) => {
    const text = files[name];
    const missing = text === null ? [] : tokens.filter((token) => !text.includes(token));
    if (missing.length > 0) problems.push(`dist/${serverFile(name)} lacks ${missing.join(' and ')} and ${rebuild}.`);
  };
  template('unknownPlacePage', Object.values(UNKNOWN_PLACE_TOKENS));
  template('messagePage', Object.values(MESSAGE_TOKENS));
  template('consolePage', Object.values(CONSOLE_TOKENS));
  // Both come from one build: a page to fill without the list of names would answer every place with the 404.
  if (files.unknownPlacePage !== null && files.fallbackPlaces === null) problems.push(`dist/${serverFile('fallbackPlaces')} is missing: without it no place name gets its page; run "npm run build".`);
  if (files.messages === null) problems.push(`dist/${serverFile('messages')} is missing: the server has no messages for its visitors without it; run "npm run build".`);
  for (const [name, schema] of [['siteFacts', siteFactsSchema], ['messages', visitorMessagesSchema], ['policy', headerPolicySchema], ['fallbackPlaces', fallbackPlacesSchema]] as const) {
    const text = files[name];
    const problem = text === null ? null : checkJson(name, text, schema, rebuild);
    if (problem !== null) problems.push(problem);
  }
  return problems;
}
