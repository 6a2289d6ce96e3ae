// The data written as prose (Markdown with front matter): the nine trust pages, the legal pages and
// the withdrawal rules they share with the order form (build/load/withdrawal.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import type { Place } from '../../core/place.ts';
import { proseFrontMatterSchema, type ProseFrontMatter } from '../../core/schema/legal.ts';
import { trustFrontMatterSchema, type TrustFrontMatter } from '../../core/schema/trust.ts';
import { DataError } from '../data-error.ts';
import { loadMarkdown } from './files.ts';
import { includeWithdrawal, loadWithdrawal, type Withdrawal } from './withdrawal.ts';

export const LEGAL_PAGES = ['impressum', 'datenschutz', 'agb'] as const;
export type LegalSlug = (typeof LEGAL_PAGES)[number];

export interface ProsePage extends ProseFrontMatter {
  html: string;
}

export interface TrustPage extends TrustFrontMatter {
  slug: string;
  html: string;
}

/** Fills a file's placeholders (build/load/placeholders.ts), naming the file in its errors. */
export type Fill = <T>(data: T, label: string) => T;

const html = (markdown: string) => marked.parse(markdown, { async: false, gfm: true });

export function loadTrustPages(dataDir: string, fill: Fill, places: readonly Place[]): TrustPage[] {
  const dir = join(dataDir, 'trust');
  const pages = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const label = `data/trust/${name}`;
      const prose = loadMarkdown(join(dir, name), label, trustFrontMatterSchema, fill);
      if (prose.data.image && !readdirSync(join(dataDir, 'images')).includes(prose.data.image.file)) {
        throw new DataError(label, 'image.file', `"${prose.data.image.file}" is not in data/images/`);
      }
      const { callBox } = prose.data;
      const townRows = callBox.towns.map((town, i) => {
        const place = places.find((candidate) => candidate.kind === 'town' && candidate.name === town);
        if (!place?.arrivalTime) throw new DataError(label, `callBox.towns[${i}]`, `"${town}" is not a town of data/places/`);
        return { label: place.name, value: place.arrivalTime };
      });
      const page = { ...prose.data, callBox: { ...callBox, rows: [...callBox.rows, ...townRows] } };
      return { ...page, slug: name.slice(0, -3), html: html(prose.markdown) };
    });
  return pages.sort((a, b) => a.order - b.order);
}

/**
 * The legal pages and the withdrawal rules. A legal text is dated by its own front matter (`stand`),
 * so that a customer and the owner can tell which version applied; the build's date would change
 * with every build, so a legal text may not use it.
 */
export function loadLegal(dataDir: string, fill: Fill): { legal: Record<LegalSlug, ProsePage>; withdrawal: Withdrawal } {
  const fillLegal: Fill = (data, label) => {
    if (/\{\{\s*buildDate\s*\}\}/.test(typeof data === 'string' ? data : JSON.stringify(data))) {
      throw new DataError(label, typeof data === 'string' ? 'body' : 'front matter', 'uses {{buildDate}}: a legal text carries the date of its version, not of the build; write it as `stand: "2026-11-24"` in the front matter and remove the placeholder');
    }
    return fill(data, label);
  };
  const withdrawal = loadWithdrawal(join(dataDir, 'legal/widerruf.md'), 'data/legal/widerruf.md', fillLegal);
  const pages = LEGAL_PAGES.map((slug): [LegalSlug, ProsePage] => {
    const label = `data/legal/${slug}.md`;
    const prose = loadMarkdown(join(dataDir, `legal/${slug}.md`), label, proseFrontMatterSchema, fillLegal);
    return [slug, { ...prose.data, html: html(includeWithdrawal(prose.markdown, withdrawal, label)) }];
  });
  return { legal: Object.fromEntries(pages) as Record<LegalSlug, ProsePage>, withdrawal };
}
