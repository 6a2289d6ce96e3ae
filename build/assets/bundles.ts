// The stylesheet and the browser bundle, minified by esbuild and named by content hash.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Esbuild from 'esbuild';
import { contentHash } from '../hash.ts';

export interface Asset {
  /** URL under /assets/. */
  url: string;
  /** Path relative to dist/. */
  file: string;
  content: Buffer;
}

export function hashed(name: string, extension: string, content: Buffer): Asset {
  const file = `assets/${name}.${contentHash(content)}.${extension}`;
  return { url: `/${file}`, file, content };
}

let esbuildModule: typeof Esbuild | undefined;
/**
 * esbuild is loaded when an asset is built, not with this module: the build's render workers run
 * the same entry module (build/render/pool.ts) and build no asset. Once loaded, a build below
 * hands esbuild its work before it first awaits anything: build/pipeline.ts starts the stylesheet and
 * the script and then reads the data while esbuild's own process works.
 */
export async function loadEsbuild(): Promise<typeof Esbuild> {
  esbuildModule ??= await import('esbuild');
  return esbuildModule;
}

function only(result: Esbuild.BuildResult & { outputFiles: Esbuild.OutputFile[] }, entry: string): Buffer {
  const output = result.outputFiles.find((file) => !file.path.endsWith('.map'));
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  return Buffer.from(output.contents);
}

/** The browsers the stylesheet and every CSS derived from it are written for. */
export const CSS_TARGET = ['chrome109', 'firefox115', 'safari15.4'];

export async function buildStylesheet(rootDir: string): Promise<Asset> {
  const entry = join(rootDir, 'templates/styles/index.css');
  const esbuild = esbuildModule ?? (await loadEsbuild());
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    outdir: 'out',
    target: CSS_TARGET,
    logLevel: 'silent',
  });
  return hashed('site', 'css', only(result, entry));
}

/** The few rules of the owner's console (templates/styles/console.css), minified for its frame's inline <style>. */
export async function buildConsoleStyles(rootDir: string): Promise<string> {
  const source = readFileSync(join(rootDir, 'templates/styles/console.css'), 'utf8');
  const esbuild = esbuildModule ?? (await loadEsbuild());
  const result = await esbuild.transform(source, { loader: 'css', minify: true, target: CSS_TARGET });
  return result.code.trim();
}

export interface ScriptBundle {
  /** The one script a page carries inline (client/boot.ts): it loads the stylesheet at once and `main` after the first paint. */
  boot: Asset;
  /** The page script every page loads. */
  main: Asset;
  /** Chunks it imports: islands load theirs (and React) only when the visitor reaches them. */
  chunks: Asset[];
}

/**
 * Type-only imports taken out of the browser code before esbuild reads it (each replaced by as many
 * line breaks, so positions in messages stay right). The browser never sees types, but esbuild
 * counts the characters of such an import's path when it chooses the minified names, and a value
 * import's not: moving a module whose types an island imports renamed variables in its chunk.
 */
const typeImportsOut: Esbuild.Plugin = {
  name: 'type-imports-out',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replace(/^import type [^;]*;/gm, (statement) => statement.replace(/[^\n]/g, '')),
      loader: path.endsWith('.tsx') ? 'tsx' : 'ts',
    }));
  },
};

export async function buildScript(rootDir: string): Promise<ScriptBundle> {
  const entry = join(rootDir, 'client/main.ts');
  const common = {
    bundle: true,
    minify: true,
    target: 'es2020',
    write: false,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  } as const;
  const esbuild = esbuildModule ?? (await loadEsbuild());
  const [result, bootResult] = await Promise.all([
    esbuild.build({
      ...common,
      plugins: [typeImportsOut],
      entryPoints: { main: entry },
      splitting: true,
      format: 'esm',
      outdir: join(rootDir, 'assets-out'),
      entryNames: '[name].[hash]',
      chunkNames: '[name].[hash]',
      jsx: 'automatic',
    }),
    // A classic script, wrapped so that its names stay its own: it runs while the page is parsed,
    // before the first paint (a module script runs after parsing, sometimes after that paint).
    // Without the "use strict" prologue the project's strict tsconfig would add: 13 bytes in every page, for code that is strict-clean anyway.
    esbuild.build({ ...common, plugins: [typeImportsOut], entryPoints: [join(rootDir, 'client/boot.ts')], format: 'iife', outdir: join(rootDir, 'assets-out'), tsconfigRaw: { compilerOptions: { alwaysStrict: false, strict: false } } }),
  ]);
  const outputs = namedByContent(result.outputFiles.map((output) => ({ name: output.path.slice(output.path.lastIndexOf('/') + 1), text: output.text })));
  const main = outputs.find((output) => output.file.startsWith('assets/main.'));
  if (!main) throw new Error(`esbuild produced no main bundle for ${entry}`);
  const boot = hashed('boot', 'js', only(bootResult, 'client/boot.ts'));
  return { boot, main, chunks: outputs.filter((output) => output !== main) };
}

/**
 * The script files named by a hash of their content, as the stylesheet is: esbuild's own [hash]
 * also covers the paths of the source files, so moving a module renamed every chunk and, through
 * the page script's name, changed every page, although no byte the browser runs changed. Each file
 * names the files it imports (esbuild's names, `name.HASH.js`), so a file is named after those it
 * imports have their final names; esbuild makes no cycles between chunks.
 */
function namedByContent(outputs: { name: string; text: string }[]): Asset[] {
  const final = new Map<string, string>();
  const named: Asset[] = [];
  const pending = [...outputs];
  while (pending.length > 0) {
    const ready = pending.findIndex(({ name, text }) => pending.every((other) => other.name === name || !text.includes(other.name)));
    if (ready === -1) throw new Error(`esbuild's chunks import each other in a circle: ${pending.map((output) => output.name).join(', ')}`);
    const [{ name, text }] = pending.splice(ready, 1) as [{ name: string; text: string }];
    let content = text;
    for (const [from, to] of final) content = content.replaceAll(from, to);
    const asset = hashed(name.slice(0, name.indexOf('.')), 'js', Buffer.from(content));
    final.set(name, asset.file.slice('assets/'.length));
    named.push(asset);
  }
  return named;
}
