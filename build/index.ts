// `npm run build`: writes dist/. A data error names file, field and problem and exits with 1.
import { join } from 'node:path';
import { build, ROOT_DIR } from './build.ts';
import { DataError, DataErrors } from './data-error.ts';

try {
  await build({ outDir: join(ROOT_DIR, 'dist'), ...(process.env.SITE_URL ? { siteUrl: process.env.SITE_URL } : {}), now: new Date() });
} catch (error) {
  if (error instanceof DataError || error instanceof DataErrors) {
    console.error(`The data has ${error instanceof DataErrors ? error.errors.length : 1} problem(s); nothing was built:\n${error.message}`);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exitCode = 1;
}
