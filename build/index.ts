// The build's command line, its one way in: `npm run build` runs it from build/launch.mjs's bundle,
// `npx tsx build/index.ts` from the sources, in the same way.
//
//   build/index.ts [--out DIR | --dist LINK] [--data DIR] [--production]
//   build/index.ts --promote DIR [--dist LINK]
//
// Writes a new release beside dist/ (or beside LINK) and makes it the served one once the whole
// build succeeded (build/release.ts); with --out, writes DIR itself, a plain folder. A data error
// names the file, the field and the problem, writes nothing, leaves the served release as it was
// and exits with 1; with --production, so do example data and unconfirmed promises (the list of
// `npm run check`). --promote makes the finished build in DIR (written with --out) the served
// release without building (build/release.ts, promoteRelease). BUILD_WORKERS sets the render workers besides this thread (default: one per
// core but one; 0 renders on this thread alone). SOURCE_DATE_EPOCH (seconds, the
// reproducible-builds convention) sets the build's date, the version date of the legal pages;
// without it, the build takes today's. SITE_URL sets the origin of canonical URLs.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { DataError, DataErrors } from './data-error.ts';
import { withLines } from './load/source-lines.ts';
import { build, type BuildOptions } from './pipeline.ts';
import { buildRelease, promoteRelease, ReleaseError, servedSite } from './release.ts';
import { ROOT_DIR } from './root.ts';

/** A setting of the environment the build cannot use: said in one line, like a data problem, without a stack trace. */
class SettingError extends Error {}

/** A whole number from the environment, or undefined when unset; anything else stops with the variable's name. */
function wholeNumber(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text)) throw new SettingError(`${name} must be a whole number, not "${text}".`);
  return Number(text);
}

/** The problem in the words the operator reads: data problems and settings in lines of their own, anything else with its stack. */
function explain(error: unknown, production: boolean): string {
  if (error instanceof DataError || error instanceof DataErrors) {
    const count = error instanceof DataErrors ? error.errors.length : 1;
    const what = production ? 'for production (example data, unconfirmed promises or an example SITE_URL; `npm run check` lists the same)' : 'in the data';
    return `Build stopped: ${count} problem${count === 1 ? '' : 's'} ${what}; nothing was written.\n${error.message}`;
  }
  if (error instanceof SettingError) return `Build stopped: ${error.message} Nothing was written.`;
  if (error instanceof ReleaseError) return `Build stopped: ${error.message}`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

// V8 11 (Node 20) hands a function to TurboFan once it has run about 66 KB of its bytecode (its
// interrupt budget). A build of 1,000 places lasts a second or two: TurboFan then compiled about 270
// functions in 1.8 s of CPU on this machine's two cores, much of it for code that had finished by
// then (the yaml parser, used once while the data loads). Five times that budget leaves TurboFan the
// code that runs through the whole build: without it a rebuild into the previous output took 12–23 %
// longer (docs/performance.md, "What the build keeps in .cache/, and its render workers"). Set before
// the build's code runs hot, for this thread and its render workers. Node 24's V8 13 tiers up by
// invocation counts, through Maglev, and has no such flag, so it runs with V8's defaults.
if (process.versions.v8.startsWith('11.')) setFlagsFromString('--interrupt-budget=337920');

const { values } = parseArgs({ options: { out: { type: 'string' }, dist: { type: 'string' }, data: { type: 'string' }, production: { type: 'boolean' }, promote: { type: 'string' } } });
const dist = resolve(values.dist ?? `${ROOT_DIR}/dist`);
try {
  const epoch = wholeNumber('SOURCE_DATE_EPOCH');
  const options: Omit<BuildOptions, 'outDir'> = {
    ...(values.data ? { dataDir: resolve(values.data) } : {}),
    ...(process.env.SITE_URL ? { siteUrl: process.env.SITE_URL } : {}),
    now: epoch === undefined ? new Date() : new Date(epoch * 1000),
    production: values.production ?? false,
    // The worker's module lies beside this one, from the sources and in the bundle alike.
    workers: { count: wholeNumber('BUILD_WORKERS') ?? availableParallelism() - 1, file: new URL('./render-worker.mjs', import.meta.url) },
  };
  if (values.out !== undefined) {
    await build({ ...options, outDir: resolve(values.out) });
  } else {
    const write = async (outDir: string) => void (await build({ ...options, outDir }));
    const { name, previous } = values.promote === undefined ? await buildRelease(dist, write) : await promoteRelease(dist, resolve(values.promote));
    console.log(`Now served: release ${name} (${dist}). A running server switches to it within 2 s.${previous === null ? '' : ` "npm run rollback" brings back ${previous}.`}`);
  }
} catch (error) {
  // The checks after loading (the routes') name a field too: each at its line, as the load step's are.
  // Not the go-live list of --production, which says what `npm run check` says, in its words.
  const production = values.production ?? false;
  console.error(explain(production ? error : withLines(error, resolve(values.data ?? `${ROOT_DIR}/data`)), production));
  if (values.out === undefined) {
    const served = servedSite(dist);
    console.error(served === 'nothing' ? 'No site is served yet: there is no earlier release.' : `The served site is unchanged: still ${served}.`);
  }
  process.exitCode = 1;
}
