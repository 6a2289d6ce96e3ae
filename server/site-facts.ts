// The few business facts the server needs (mail addresses, the name in mails), written by the
// build into dist/_server/site.json (templates/lib/build-output.ts): the server never reads data/
// or imports the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverFile, siteFactsSchema, type SiteFacts } from '../templates/lib/build-output.ts';

export type { SiteFacts };

/** The facts, or null (with one log line) when the build did not write them. */
export function loadSiteFacts(distDir: string, log: (line: string) => void): SiteFacts | null {
  const file = join(distDir, serverFile('siteFacts'));
  try {
    return siteFactsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    log(`Cannot read ${file} (${(error as Error).message}); mail needs MAIL_TO and MAIL_FROM until "npm run build" writes it.`);
    return null;
  }
}
