// Where a promise of data/claims.yaml appears on the site, for the console's Versprechen form: the
// page texts name it by placeholder ("{{claims.moneyBack.text}}", build/load/placeholders.ts), so
// each file of data/ that names it is one of its pages; a template that states a promise itself
// is listed in TEMPLATE_USES. Read from the data folder the server edits, at each request.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { servicePath, SERVICES_PATH } from '../../core/slugs.ts';
import { TEXT_PAGES } from './text-pages.ts';

/** Promises a template states without a placeholder: the place pages' reasons (templates/pages/place/PlacePage.tsx) say `founded`. */
export const TEMPLATE_USES: Readonly<Record<string, readonly string[]>> = { founded: ['place-pages.yaml'] };

/** The ids of the promises a text names by placeholder. */
export function claimsNamedIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\{\{[^{}]*?\bclaims\.([a-zA-Z]+)\b[^{}]*\}\}/g)].map((match) => match[1]!));
}

/** A Markdown page's name from its front matter (its short title or heading), without "– {{name}}". */
function markdownName(text: string): string | null {
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1];
  const data = front ? (parse(front) as Record<string, unknown> | null) : null;
  const name = [data?.shortTitle, data?.heading, data?.title].find((value): value is string => typeof value === 'string');
  return name ? name.replace(/\s*–\s*\{\{name\}\}\s*$/, '').replace(/\u00ad/g, '') : null;
}

interface PageText {
  /** The file, relative to data/. */
  file: string;
  text: string;
}

function pageTexts(dataDir: string): PageText[] {
  const read = (file: string) => ({ file, text: readFileSync(join(dataDir, file), 'utf8') });
  const markdown = ['trust', 'legal'].flatMap((dir) => (existsSync(join(dataDir, dir)) ? readdirSync(join(dataDir, dir)).filter((name) => name.endsWith('.md')).sort().map((name) => read(`${dir}/${name}`)) : []));
  // A page file a developer removed names no promise; it does not stop the form.
  return [...TEXT_PAGES.filter((page) => existsSync(join(dataDir, page.file))).map((page) => read(page.file)), ...markdown];
}

/** The page a file of data/ makes, as the owner knows it: "Startseite (/)", "Schonende Öffnung (/schonende-oeffnung)". */
function pageName(page: PageText, words: ConsoleWords['texts']): string {
  const textPage = TEXT_PAGES.find((candidate) => candidate.file === page.file);
  if (textPage) {
    const { title, address } = words.pages[textPage.slug] ?? { title: page.file, address: '' };
    return address ? `${title} (${address})` : title;
  }
  const slug = basename(page.file, '.md');
  // The withdrawal text has no page of its own: the AGB and the order form state it.
  const address = page.file === 'legal/widerruf.md' ? '' : ` (/${slug})`;
  return `${markdownName(page.text) ?? `data/${page.file}`}${address}`;
}

/**
 * The service pages of data/services.yaml that name each promise, by address: its `overview` is
 * /leistungen, its `page` words every service's page, and each item of `services` its own page.
 */
function serviceAddresses(text: string): Map<string, string[]> {
  const data = parse(text) as { overview?: unknown; page?: unknown; services?: { slug?: unknown }[] } | null;
  const found = new Map<string, string[]>();
  const add = (part: unknown, address: string) => {
    for (const id of claimsNamedIn(JSON.stringify(part ?? null))) found.set(id, [...(found.get(id) ?? []), address]);
  };
  add(data?.overview, SERVICES_PATH);
  add(data?.page, servicePath('…'));
  for (const service of data?.services ?? []) add(service, servicePath(String(service.slug)));
  return found;
}

/** Each promise's pages, in the order of TEXT_PAGES, then the trust and legal pages. */
export function claimUses(dataDir: string, words: ConsoleWords['texts']): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const add = (id: string, page: string) => {
    const pages = uses.get(id) ?? [];
    if (!pages.includes(page)) uses.set(id, [...pages, page]);
  };
  const texts = pageTexts(dataDir);
  for (const page of texts) {
    if (page.file === 'services.yaml') {
      const title = words.pages[TEXT_PAGES.find((candidate) => candidate.file === page.file)!.slug]?.title ?? page.file;
      for (const [id, addresses] of serviceAddresses(page.text)) add(id, `${title} (${addresses.includes(servicePath('…')) ? servicePath('…') : addresses.join(', ')})`);
      continue;
    }
    // A comment's example names no use.
    for (const id of claimsNamedIn(page.text.replace(/^\s*#.*$/gm, ''))) add(id, pageName(page, words));
    for (const [id, files] of Object.entries(TEMPLATE_USES)) if (files.includes(page.file)) add(id, pageName(page, words));
  }
  return uses;
}
