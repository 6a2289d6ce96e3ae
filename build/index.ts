// `npm run build [-- --out DIR] [-- --data DIR]`: writes dist/ (or DIR). A data error names the
// file, the field and the problem, builds nothing and exits with 1.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build, ROOT_DIR } from './build.ts';
import { DataError, DataErrors } from './data-error.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, data: { type: 'string' } } });

try {
  await build({
    outDir: resolve(values.out ?? `${ROOT_DIR}/dist`),
    ...(values.data ? { dataDir: resolve(values.data) } : {}),
    ...(process.env.SITE_URL ? { siteUrl: process.env.SITE_URL } : {}),
    now: new Date(),
  });
} catch (error) {
  if (error instanceof DataError || error instanceof DataErrors) {
    const count = error instanceof DataErrors ? error.errors.length : 1;
    console.error(`Build stopped: ${count} problem${count === 1 ? '' : 's'} in the data; nothing was written.\n${error.message}`);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exitCode = 1;
}
