// Loads and validates all of data/, fills placeholders and checks references between files.
import { join } from 'node:path';
import { marked } from 'marked';
import { homeSchema, type Home } from '../data/schema/home.ts';
import { proseFrontMatterSchema, type ProseFrontMatter } from '../data/schema/legal.ts';
import { pricesSchema, type Prices } from '../data/schema/prices.ts';
import { siteSchema, type Site } from '../data/schema/site.ts';
import { formatGermanDate } from '../templates/lib/format.ts';
import { DataError, DataErrors } from './data-error.ts';
import { loadMarkdown, loadYaml } from './load.ts';
import { fillPlaceholders } from './placeholders.ts';

export const LEGAL_PAGES = ['impressum', 'datenschutz', 'agb'] as const;
export type LegalSlug = (typeof LEGAL_PAGES)[number];

export interface ProsePage extends ProseFrontMatter {
  html: string;
}

export interface SiteData {
  site: Site;
  prices: Prices;
  home: Home;
  legal: Record<LegalSlug, ProsePage>;
  buildDate: Date;
}

export interface LoadOptions {
  rootDir: string;
  dataDir?: string;
  buildDate: Date;
}

function checkPriceIds(home: Home, prices: Prices, file: string): void {
  const refs: [string, string][] = [
    ...home.hero.prices.map((p, i): [string, string] => [`hero.prices[${i}].priceId`, p.priceId]),
    ...home.services.cards.flatMap((c, i): [string, string][] => (c.priceId ? [[`services.cards[${i}].priceId`, c.priceId]] : [])),
    ...home.prices.cards.map((c, i): [string, string] => [`prices.cards[${i}].priceId`, c.priceId]),
  ];
  const known = new Set([...prices.services, ...prices.parts].map((item) => item.id));
  const errors = refs
    .filter(([, id]) => !known.has(id))
    .map(([field, id]) => new DataError(file, field, `"${id}" is not a price id of data/prices.yaml (known: ${[...known].join(', ')})`));
  if (errors.length > 0) throw new DataErrors(errors);
}

export function loadData({ rootDir, dataDir = join(rootDir, 'data'), buildDate }: LoadOptions): SiteData {
  // Errors name files as the owner knows them ("data/site.yaml"), wherever the folder is.
  const file = (name: string): [string, string] => [join(dataDir, name), `data/${name}`];
  const site = loadYaml(...file('site.yaml'), siteSchema);
  const prices = loadYaml(...file('prices.yaml'), pricesSchema);
  const context = { ...site, prices, buildDate: formatGermanDate(buildDate) };

  const fill = <T,>(data: T, label: string): T => fillPlaceholders(data, context, label);

  const home = loadYaml(...file('home.yaml'), homeSchema, fill);
  checkPriceIds(home, prices, 'data/home.yaml');

  const legal = {} as Record<LegalSlug, ProsePage>;
  for (const slug of LEGAL_PAGES) {
    const prose = loadMarkdown(...file(`legal/${slug}.md`), proseFrontMatterSchema, fill);
    legal[slug] = { ...prose.data, html: marked.parse(prose.markdown, { async: false, gfm: true }) };
  }
  return { site, prices, home, legal, buildDate };
}

