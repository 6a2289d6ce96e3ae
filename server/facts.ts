// What the build wrote for the server into dist/_server/ (core/build-server-contract.ts): the few
// business facts it needs (mail addresses, the name in mails, the words of the reviews island it
// renders) in site.json, the visitor's messages in messages.json, and the Content-Security-Policy
// in headers.json. The server never reads data/ or imports the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { fallbackPlacesSchema, headerPolicySchema, serverFile, siteFactsSchema, type HeaderPolicy, type SiteFacts } from '../core/build-server-contract.ts';
import { visitorMessagesSchema, type VisitorMessages } from '../core/schema/messages.ts';

export type { SiteFacts };

/** A JSON file of the contract as text, or null when the build did not write it. */
export function readServerFile(distDir: string, name: 'siteFacts' | 'messages' | 'policy' | 'fallbackPlaces'): string | null {
  try {
    return readFileSync(join(distDir, serverFile(name)), 'utf8');
  } catch {
    return null;
  }
}

/** The file's content when it is JSON of the schema's shape, else null. */
function parsedFile<S extends z.ZodType>(text: string | null, schema: S): z.infer<S> | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const result = schema.safeParse(json);
  return result.success ? result.data : null;
}

/** The facts from the file's text, or null (with one log line) when there are none to use. */
export function parseSiteFacts(text: string | null, log: (line: string) => void): SiteFacts | null {
  const facts = parsedFile(text, siteFactsSchema);
  if (facts === null) {
    log(`dist/${serverFile('siteFacts')} is ${text === null ? 'missing' : 'not what this version expects'}; mail needs MAIL_TO and MAIL_FROM until "npm run build" writes it.`);
  }
  return facts;
}

/** For the operator's scripts: the facts of a dist/, or null with one log line. */
export function loadSiteFacts(distDir: string, log: (line: string) => void): SiteFacts | null {
  return parseSiteFacts(readServerFile(distDir, 'siteFacts'), log);
}

/** The visitor's messages, or null when the file is missing or does not fit (the server then refuses to start: serverFileProblems). */
export function parseMessages(text: string | null): VisitorMessages | null {
  return parsedFile(text, visitorMessagesSchema);
}

/**
 * The build's Content-Security-Policy, or null (the strictest policy then applies) when the file
 * is missing or does not fit; a file that does not fit stops the start (serverFileProblems).
 */
export function parseHeaderPolicy(text: string | null): HeaderPolicy | null {
  return parsedFile(text, headerPolicySchema);
}

/**
 * The places that get the page of an unknown place, name by slug; none (every unknown place gets
 * the 404) when the file is missing. A file that does not fit stops the start (serverFileProblems).
 */
export function parseFallbackPlaces(text: string | null): ReadonlyMap<string, string> {
  return new Map(Object.entries(parsedFile(text, fallbackPlacesSchema) ?? {}));
}
