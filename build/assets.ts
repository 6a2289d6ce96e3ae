// The stylesheet and the browser bundle, minified by esbuild and named by content hash.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { contentHash } from './hash.ts';

export interface Asset {
  /** URL under /assets/. */
  url: string;
  /** Path relative to dist/. */
  file: string;
  content: Buffer;
}

function hashed(name: string, extension: string, content: Buffer): Asset {
  const file = `assets/${name}.${contentHash(content)}.${extension}`;
  return { url: `/${file}`, file, content };
}

function only(result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] }, entry: string): Buffer {
  const output = result.outputFiles.find((file) => !file.path.endsWith('.map'));
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  return Buffer.from(output.contents);
}

/** The browsers the stylesheet and every CSS derived from it are written for. */
export const CSS_TARGET = ['chrome109', 'firefox115', 'safari15.4'];

export async function buildStylesheet(rootDir: string): Promise<Asset> {
  const entry = join(rootDir, 'templates/styles/index.css');
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
  const result = await esbuild.transform(source, { loader: 'css', minify: true, target: CSS_TARGET });
  return result.code.trim();
}

export interface ScriptBundle {
  /** The one script a page names (client/boot.ts): it loads `main` after the first paint. */
  boot: Asset;
  /** The page script every page loads. */
  main: Asset;
  /** Chunks it imports: islands load theirs (and React) only when the visitor reaches them. */
  chunks: Asset[];
}

export async function buildScript(rootDir: string): Promise<ScriptBundle> {
  const entry = join(rootDir, 'client/main.ts');
  const result = await esbuild.build({
    entryPoints: { main: entry, boot: join(rootDir, 'client/boot.ts') },
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    write: false,
    outdir: join(rootDir, 'assets-out'),
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    logLevel: 'silent',
  });
  const outputs = result.outputFiles.map((output) => {
    const name = output.path.slice(output.path.lastIndexOf('/') + 1);
    return { url: `/assets/${name}`, file: `assets/${name}`, content: Buffer.from(output.contents), name };
  });
  const main = outputs.find((output) => output.name.startsWith('main.'));
  if (!main) throw new Error(`esbuild produced no main bundle for ${entry}`);
  const boot = outputs.find((output) => output.name.startsWith('boot.'));
  if (!boot) throw new Error('esbuild produced no boot script for client/boot.ts');
  return { boot, main, chunks: outputs.filter((output) => output !== main && output !== boot) };
}
