// `npm run build [-- --out DIR] [-- --data DIR] [-- --production]`: writes dist/ (or DIR). A data
// error names the file, the field and the problem, builds nothing and exits with 1. With
// --production, so do example data and unconfirmed promises (the list of `npm run check`).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build, ROOT_DIR } from './build.ts';
import { DataError, DataErrors } from './data-error.ts';

// Run from the bundle of build/launch.mjs, the paths taken from import.meta.url must still be the project's.
if (process.env.SITE_BUILD_ROOT && resolve(process.env.SITE_BUILD_ROOT) !== ROOT_DIR) {
  throw new Error(`build/launch.mjs: the bundle resolves the project root to ${ROOT_DIR}, not ${resolve(process.env.SITE_BUILD_ROOT)}; it must lie one folder below the root.`);
}

const { values } = parseArgs({ options: { out: { type: 'string' }, data: { type: 'string' }, production: { type: 'boolean' } } });

try {
  await build({
    outDir: resolve(values.out ?? `${ROOT_DIR}/dist`),
    ...(values.data ? { dataDir: resolve(values.data) } : {}),
    ...(process.env.SITE_URL ? { siteUrl: process.env.SITE_URL } : {}),
    now: new Date(),
    production: values.production ?? false,
  });
} catch (error) {
  if (error instanceof DataError || error instanceof DataErrors) {
    const count = error instanceof DataErrors ? error.errors.length : 1;
    const what = values.production ? 'for production (example data or unconfirmed promises; `npm run check` lists the same)' : 'in the data';
    console.error(`Build stopped: ${count} problem${count === 1 ? '' : 's'} ${what}; nothing was written.\n${error.message}`);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exitCode = 1;
}
