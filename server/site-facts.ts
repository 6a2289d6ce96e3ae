// The few business facts the server needs (mail addresses, the name in mails), written by the
// build into dist/_templates/site.json: the server never reads data/ or imports the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SiteFacts {
  name: string;
  email: string;
  phoneDisplay: string;
  url: string;
  reviewsPageUrl: string;
  /** The search text of the reviews page's sync button (data/reviews-page.yaml). */
  reviewsSyncQuery?: string;
}

export const SITE_FACTS_FILE = '_templates/site.json';

/** The facts, or null (with one log line) when the build did not write them. */
export function loadSiteFacts(distDir: string, log: (line: string) => void): SiteFacts | null {
  const file = join(distDir, SITE_FACTS_FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SiteFacts;
  } catch (error) {
    log(`Cannot read ${file} (${(error as Error).message}); mail needs MAIL_TO and MAIL_FROM until "npm run build" writes it.`);
    return null;
  }
}
