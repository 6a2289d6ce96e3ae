// `npm run build`: runs build/index.ts (same options) from a JavaScript bundle of it and of
// everything it imports, made by esbuild and kept in .cache/, with the render worker's module
// (build/render/worker.ts) bundled beside it. The bundle is made again when any file it was made
// from changed (size or modification time, as recorded beside it).
//
// Why: through tsx, starting the build cost 0.85 s on this machine (compiling about 150 modules
// and loading lucide-react's every icon); from the bundle, 0.25 s. Plain JavaScript, so that Node
// runs it without a loader; the build itself stays TypeScript.
//
// The bundle lies one folder below the project root, as build/root.ts does, so the project's
// folder taken from `import.meta.url` is the same from the sources and from here; and the worker's
// bundle lies beside it as build/render-worker.mjs lies beside build/index.ts.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = join(root, '.cache');
const bundle = join(folder, 'build.mjs');
const workerBundle = join(folder, 'render-worker.mjs');
const record = join(folder, 'build.json');
/** What changes the bundle without being one of its inputs. */
const SETTINGS = ['package-lock.json', 'tsconfig.json', 'build/launch.mjs'];

/** @param {string} file a path relative to the root */
function fileStamp(file) {
  const found = statSync(join(root, file), { throwIfNoEntry: false });
  return found ? `${found.size}:${found.mtimeMs}` : 'missing';
}

function upToDate() {
  try {
    /** @type {Record<string, string>} */
    const inputs = JSON.parse(readFileSync(record, 'utf8'));
    return [bundle, workerBundle].every((file) => fileStamp(relative(root, file)) !== 'missing') && Object.entries(inputs).every(([file, stamp]) => fileStamp(file) === stamp);
  } catch {
    return false;
  }
}

if (!upToDate()) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { build: 'build/index.ts', 'render-worker': 'build/render/worker.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Native code and their own binaries: loaded from node_modules as usual.
    external: ['sharp', 'esbuild'],
    // React's server renderer in its production build only (react-dom/server picks it by NODE_ENV
    // at run time, so bundled, each thread parsed both builds): 3.5 → 2.4 MB of bundle. Ten
    // interleaved builds into the previous output: user time 2.38 → 2.26 s, peak 211 → 206 MiB
    // (wall 1.66 → 1.59 s, within the noise). build/production.ts sets NODE_ENV the same way for a
    // build run through tsx unless the caller set it; from here, the build always renders as in
    // production. Syntax is minified too (dead branches go); whitespace and names are not, so a
    // stack trace still points to readable lines.
    define: { 'process.env.NODE_ENV': '"production"' },
    minifySyntax: true,
    // build/production.ts assigns NODE_ENV, which the define leaves as it is.
    logOverride: { 'assign-to-define': 'silent' },
    // CommonJS packages inside an ES module bundle still call require() for Node's modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    write: false,
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'warning',
  });
  mkdirSync(folder, { recursive: true });
  // Written under another name first: a build started at the same time never reads half a bundle.
  for (const output of result.outputFiles) {
    const temporary = `${output.path}.${process.pid}.tmp`;
    writeFileSync(temporary, output.contents);
    renameSync(temporary, output.path);
  }
  const inputs = Object.fromEntries([...Object.keys(result.metafile.inputs), ...SETTINGS].map((file) => [file, fileStamp(file)]));
  writeFileSync(`${record}.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${record}.${process.pid}.tmp`, record);
}

// The build runs in a child Node with the old generation capped. Each page leaves about 200 KB of
// garbage; with V8's default limits that grew to 700 MB over 10,000 places, and on this (virtual)
// machine the 10,000-place build took 31.8 s at that size against 12.2–15.0 s with 160–200 MB
// (and 21.8 s with 300 MB). What stays alive is the data and the route table, 41 MB at 10,000
// places. A data set too large for the cap stops with "heap out of memory": raise BUILD_HEAP_MB.
const heapMb = Number(process.env.BUILD_HEAP_MB ?? 192);
// V8 11 (Node 20) hands a function to TurboFan once it has run about 66 KB of its bytecode (its
// interrupt budget). A build of 1,000 places lasts two seconds: TurboFan then compiled 269
// functions in 1.8 s of CPU on this machine's two cores (the yaml parser alone, used once while
// the data loads, about 0.4 s; the place page component 0.15 s), much of it for code that had
// finished by then. Five times that budget leaves TurboFan the code that runs through the whole
// build. Eight interleaved builds into /dev/shm with the previous output kept: 1.94 → 1.73 s (user
// 2.94 → 2.48 s); into an empty folder (six): 2.40 → 2.33 s. Eight times the budget saved a little
// more there, but made 10,000 places 10–20 % slower (13.5–15.2 → 15.0–18.4 s); five times did not
// (13.6–14.5 s). Node 24's V8 13 tiers up by invocation counts, through Maglev, and has no such
// flag (Node 22's V8 12 was not tried), so it runs with V8's defaults.
const tiering = process.versions.v8.startsWith('11.') ? ['--interrupt-budget=337920'] : [];
const child = spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, ...tiering, bundle, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
if (child.error) throw child.error;
process.exitCode = child.status ?? 1;
