// `npm run build`: runs build/index.ts (same arguments, same process) compiled: a JavaScript bundle
// of it and of everything it imports, made by esbuild and kept in .cache/, with the render worker's
// module (build/render/worker.ts) bundled beside it. The bundle is made again when any file it was
// made from changed (size or modification time, as recorded beside it). `npx tsx build/index.ts`
// runs the same code from the sources.
//
// Why: through tsx, a build took 25–42 % longer (3.80 against 2.84 s into an empty folder, 2.93
// against 1.70 s into the previous output, with 360 instead of 200 MiB; docs/performance.md, "What
// the build keeps in .cache/, and its render workers"): compiling about 150 modules and loading
// lucide-react's every icon. Plain JavaScript, so that Node runs it without a loader.
//
// The bundle lies one folder below the project root, as build/root.ts does, so the project's
// folder taken from `import.meta.url` is the same from the sources and from here; and the worker's
// bundle lies beside it as build/render-worker.mjs lies beside build/index.ts.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

// The same process runs the bundle: its build/index.ts reads this command's arguments.
await import(pathToFileURL(bundle).href);
