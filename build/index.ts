// `npm run build [-- --out DIR] [-- --data DIR] [-- --production]`: writes dist/ (or DIR). A data
// error names the file, the field and the problem, builds nothing and exits with 1. With
// --production, so do example data and unconfirmed promises (the list of `npm run check`).
//
// The pages render on every core (build/render-pool.ts): this module is also what each render
// worker runs. BUILD_WORKERS sets how many workers (default: one per core besides this one; 0
// renders on this thread alone). SOURCE_DATE_EPOCH (seconds, the reproducible-builds convention)
// sets the build's date, the version date of the legal pages; without it, the build takes today's.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build, ROOT_DIR } from './build.ts';
import { DataError, DataErrors } from './data-error.ts';
import { isRenderWorker, serveRenderWorker } from './render-pool.ts';

// Run from the bundle of build/launch.mjs, the paths taken from import.meta.url must still be the project's.
if (process.env.SITE_BUILD_ROOT && resolve(process.env.SITE_BUILD_ROOT) !== ROOT_DIR) {
  throw new Error(`build/launch.mjs: the bundle resolves the project root to ${ROOT_DIR}, not ${resolve(process.env.SITE_BUILD_ROOT)}; it must lie one folder below the root.`);
}

/** A setting of the environment the build cannot use: said in one line, like a data problem, without a stack trace. */
class SettingError extends Error {}

if (isRenderWorker()) serveRenderWorker();
else await main();

/** A whole number from the environment, or undefined when unset; anything else stops with the variable's name. */
function wholeNumber(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text)) throw new SettingError(`${name} must be a whole number, not "${text}".`);
  return Number(text);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, data: { type: 'string' }, production: { type: 'boolean' } } });
  try {
    const epoch = wholeNumber('SOURCE_DATE_EPOCH');
    await build({
      outDir: resolve(values.out ?? `${ROOT_DIR}/dist`),
      ...(values.data ? { dataDir: resolve(values.data) } : {}),
      ...(process.env.SITE_URL ? { siteUrl: process.env.SITE_URL } : {}),
      now: epoch === undefined ? new Date() : new Date(epoch * 1000),
      production: values.production ?? false,
      renderWorkers: { entry: new URL(import.meta.url), count: wholeNumber('BUILD_WORKERS') ?? availableParallelism() - 1 },
    });
  } catch (error) {
    if (error instanceof DataError || error instanceof DataErrors) {
      const count = error instanceof DataErrors ? error.errors.length : 1;
      const what = values.production ? 'for production (example data or unconfirmed promises; `npm run check` lists the same)' : 'in the data';
      console.error(`Build stopped: ${count} problem${count === 1 ? '' : 's'} ${what}; nothing was written.\n${error.message}`);
    } else if (error instanceof SettingError) {
      console.error(`Build stopped: ${error.message} Nothing was written.`);
    } else {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    }
    process.exitCode = 1;
  }
}
