// The console's app files (core/console-app.ts): the web app manifest, the icons made from the
// site's logo (build/assets/favicon.svg, the mark of templates/components/Logo.tsx) by sharp, the
// theme colours from the site's tokens (templates/styles/tokens.css), and the push script and
// service worker bundled from client/ by esbuild. Each is made on its first request from the
// checkout the server runs from and kept in memory; the manifest per release's words and site name.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { fillSlots } from '../../core/slots.ts';
import { CONSOLE_APP_PATHS, CONSOLE_APP_SCOPE, CONSOLE_APP_START } from '../../core/console-app.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';

const fromRoot = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export type AppFile = { type: string; body: Buffer };
const made = new Map<string, Promise<AppFile>>();

/** Made once per process; a failure is not kept, so the next request tries again. */
function once(key: string, make: () => Promise<AppFile>): Promise<AppFile> {
  let file = made.get(key);
  if (file === undefined) {
    file = make();
    made.set(key, file);
    file.catch(() => made.delete(key));
  }
  return file;
}

/** A colour of the site's tokens, e.g. `--navy`. */
async function token(name: string): Promise<string> {
  const css = await readFile(fromRoot('templates/styles/tokens.css'), 'utf8');
  const value = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{3,8})`).exec(css)?.[1];
  if (!value) throw new Error(`templates/styles/tokens.css defines no colour ${name}, which the console's manifest uses.`);
  return value;
}

/** The logo as a PNG of `size` pixels; `maskable` puts it on the theme colour within the safe zone (80 %) a phone may crop to. */
async function icon(size: number, maskable: boolean): Promise<AppFile> {
  const svg = await readFile(fromRoot('build/assets/favicon.svg'));
  if (!maskable) return { type: 'image/png', body: await sharp(svg, { density: (72 * size) / 32 }).resize(size, size).png().toBuffer() };
  const inner = Math.round(size * 0.6);
  const mark = await sharp(svg, { density: (72 * inner) / 32 }).resize(inner, inner).png().toBuffer();
  const body = await sharp({ create: { width: size, height: size, channels: 4, background: await token('--navy') } })
    .composite([{ input: mark, gravity: 'center' }])
    .png()
    .toBuffer();
  return { type: 'image/png', body };
}

async function manifest(words: ConsoleWords['push'], siteName: string): Promise<AppFile> {
  const [theme, background] = await Promise.all([token('--navy'), token('--white')]);
  const body = {
    name: fillSlots(words.app.name, { site: siteName }),
    short_name: words.app.shortName,
    description: words.app.description,
    lang: 'de',
    start_url: CONSOLE_APP_START,
    scope: CONSOLE_APP_SCOPE,
    display: 'standalone',
    theme_color: theme,
    background_color: background,
    icons: [
      { src: CONSOLE_APP_PATHS.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: CONSOLE_APP_PATHS.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: CONSOLE_APP_PATHS.maskable, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return { type: 'application/manifest+json; charset=utf-8', body: Buffer.from(JSON.stringify(body)) };
}

async function script(entry: string): Promise<AppFile> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({ entryPoints: [fromRoot(entry)], bundle: true, minify: true, format: 'iife', target: 'es2020', write: false, legalComments: 'none', logLevel: 'silent' });
  return { type: 'text/javascript; charset=utf-8', body: Buffer.from(result.outputFiles[0]!.contents) };
}

/** The files anyone may fetch (a browser asks for the manifest and its icons without cookies). */
export function publicAppFile(path: string, words: ConsoleWords['push'], siteName: string): Promise<AppFile> | null {
  // Its words and the site's name come from the release: a published change makes it anew.
  if (path === CONSOLE_APP_PATHS.manifest) return once(`${path} ${siteName} ${JSON.stringify(words.app)}`, () => manifest(words, siteName));
  if (path === CONSOLE_APP_PATHS.icon192) return once(path, () => icon(192, false));
  if (path === CONSOLE_APP_PATHS.icon512) return once(path, () => icon(512, false));
  if (path === CONSOLE_APP_PATHS.maskable) return once(path, () => icon(512, true));
  return null;
}

/** The scripts, served behind the login. */
export function appScript(path: string): Promise<AppFile> | null {
  if (path === CONSOLE_APP_PATHS.script) return once(path, () => script('client/push.ts'));
  if (path === CONSOLE_APP_PATHS.worker) return once(path, () => script('client/push-sw.ts'));
  return null;
}
