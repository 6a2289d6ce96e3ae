// The few business facts the server needs (mail addresses, the name in mails) and the words of the
// reviews island it renders, written by the build into dist/_server/site.json
// (templates/lib/build-output.ts): the server never reads data/ or imports the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverFile, siteFactsSchema, type SiteFacts } from '../templates/lib/build-output.ts';

export type { SiteFacts };

/** The file's text, or null when the build did not write it. */
export function readSiteFacts(distDir: string): string | null {
  try {
    return readFileSync(join(distDir, serverFile('siteFacts')), 'utf8');
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
  return parseSiteFacts(readSiteFacts(distDir), log);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
