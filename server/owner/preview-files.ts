// The preview's pages under /intern/vorschau/… (docs/owner-console.md, "Preview, publish, undo"):
// files of releases/preview, behind the login. A page's same-site links, sources and forms are
// made to point into the preview (so the owner walks through the draft, not the served site), its
// Content-Security-Policy is the preview build's own, and a line at its top says it is a preview.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Response } from 'express';
import { escapeMarkup } from '../../core/escape.ts';
import { parseHeaderPolicy, readServerFile } from '../facts.ts';

/** Addresses in these attributes (and data-…-src ones) that start with one "/" are the site's own; React writes srcSet. */
const OWN_ADDRESS = /(\s(?:[a-z-]+-)?(?:href|src|action|poster)=")\/(?!\/)/gi;
const SOURCE_SET = /(\s(?:srcset|imagesrcset)=")([^"]*)"/gi;
const CSS_URL = /url\(\/(?!\/)/g;
/** The preview's address of the home page, below the mount (no page of the site has this address). */
export const HOME = 'startseite';

/** The page's HTML with every own address under `mount`, and the banner after <body>. */
export function previewHtml(html: string, mount: string, banner: string): string {
  const moved = html
    .replace(OWN_ADDRESS, `$1${mount}/`)
    .replace(SOURCE_SET, (_all, start: string, set: string) => `${start}${set.replace(/(^|,\s*)\/(?!\/)/g, `$1${mount}/`)}"`)
    .replace(CSS_URL, `url(${mount}/`)
    // The home page by a name of its own: the mount's own address is the preview's overview (and
    // the server answers any …/index.html with a redirect to its folder).
    .replaceAll(`="${mount}/"`, `="${mount}/${HOME}"`)
    .replaceAll(`="${mount}/#`, `="${mount}/${HOME}#`);
  return moved.replace(/<body[^>]*>/, (body) => `${body}${banner}`);
}

/** The file of the preview for a request path below the mount ("/preise" -> preise/index.html), or null. */
export function previewFile(folder: string, path: string): string | null {
  let relative: string;
  try {
    relative = normalize(decodeURIComponent(path)).replace(/^[/\\]+/, '');
  } catch {
    return null;
  }
  if (relative.split(sep).some((part) => part === '..' || part.startsWith('.') || part === '_server')) return null;
  const file = relative === HOME ? join(folder, 'index.html') : extname(relative) === '' ? join(folder, relative, 'index.html') : join(folder, relative);
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/** Answers the preview's file at `path` (below `mount`), or returns false when there is none. */
export function sendPreviewFile(res: Response, folder: string, path: string, mount: string, banner: { text: string; back: string }): boolean {
  const file = previewFile(folder, path);
  if (file === null) return false;
  if (!file.endsWith('.html')) {
    res.sendFile(file, { dotfiles: 'deny', cacheControl: false, lastModified: false });
    return true;
  }
  const policy = parseHeaderPolicy(readServerFile(folder, 'policy'));
  const page = `/${file.slice(folder.length + 1).replace(/(^|\/)index\.html$/, '')}`.replace(/\/$/, '') || '/';
  const csp = policy?.paths[page] ?? policy?.csp;
  if (csp) res.set('Content-Security-Policy', csp);
  const line = `<p style="margin:0;padding:.75rem 1rem;background:#fff3cd;color:#111;font:1rem/1.4 system-ui,sans-serif" role="status">${escapeMarkup(banner.text)} <a href="${mount}" style="color:#0b3d91">${escapeMarkup(banner.back)}</a></p>`;
  res.status(200).type('html').send(previewHtml(readFileSync(file, 'utf8'), mount, line));
  return true;
}
