// The few business facts the server needs (mail addresses, the name in mails, the words of the
// reviews island it renders) and the Content-Security-Policy, written by the build into
// dist/_server/site.json and headers.json
// (core/build-server-contract.ts): the server never reads data/ or imports the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headerPolicySchema, serverFile, siteFactsSchema, type HeaderPolicy, type SiteFacts } from '../core/build-server-contract.ts';

export type { SiteFacts };

/** A JSON file of the contract as text, or null when the build did not write it. */
export function readServerFile(distDir: string, name: 'siteFacts' | 'policy'): string | null {
  try {
    return readFileSync(join(distDir, serverFile(name)), 'utf8');
  } catch {
    return null;
  }
}

/** The facts from the file's text, or null (with one log line) when there are none to use. */
export function parseSiteFacts(text: string | null, log: (line: string) => void): SiteFacts | null {
  const result = text === null ? null : siteFactsSchema.safeParse(safeJson(text));
  if (result?.success) return result.data;
  log(`dist/${serverFile('siteFacts')} is ${text === null ? 'missing' : 'not what this version expects'}; mail needs MAIL_TO and MAIL_FROM until "npm run build" writes it.`);
  return null;
}

/** For the operator's scripts: the facts of a dist/, or null with one log line. */
export function loadSiteFacts(distDir: string, log: (line: string) => void): SiteFacts | null {
  return parseSiteFacts(readServerFile(distDir, 'siteFacts'), log);
}

/**
 * The build's Content-Security-Policy, or null (the strictest policy then applies) when the file
 * is missing or does not fit; a file that does not fit stops the start (serverFileProblems).
 */
export function parseHeaderPolicy(text: string | null): HeaderPolicy | null {
  const result = text === null ? null : headerPolicySchema.safeParse(safeJson(text));
  return result?.success ? result.data : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
