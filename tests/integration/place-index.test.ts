// Place pages worth indexing (docs/decisions.md, 'District pages noindex until they have own content'): no indexable place page reads like another, and a
// district enters the index only with a description of its own that passes the same measure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { MAX_SIMILARITY } from '../../build/indexing/policy.ts';
import { placeIndexSchema, serverFile } from '../../core/build-server-contract.ts';
import { jaccard, median, shingles } from '../../build/indexing/similarity.ts';
import { NameMask, placeNames } from '../../build/indexing/mask.ts';
import { loadSiteData } from '../../build/load/site-data.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { BUILD_DATE, buildSite, type BuiltSite } from '../support/site-build.ts';

interface ManifestPage {
  path: string;
  file: string;
  template: string;
  indexable: boolean;
}

const placePages = (site: BuiltSite) =>
  (JSON.parse(site.read('_server/routes.json')) as ManifestPage[]).filter((page) => page.template === 'town' || page.template === 'district');

/** The names the build masks: every town and district of the shipped data. */
const mask = new NameMask(placeNames(loadSiteData({ buildDate: BUILD_DATE }).places));

/** Every pair of indexable place pages with its similarity (names and numbers masked), most alike first. */
function pairs(site: BuiltSite): { a: string; b: string; similarity: number }[] {
  const sets = placePages(site)
    .filter((page) => page.indexable)
    .map((page) => ({ path: page.path, set: shingles(site.read(page.file), mask) }));
  const out: { a: string; b: string; similarity: number }[] = [];
  for (let x = 0; x < sets.length; x += 1) {
    for (let y = x + 1; y < sets.length; y += 1) out.push({ a: sets[x]!.path, b: sets[y]!.path, similarity: jaccard(sets[x]!.set, sets[y]!.set) });
  }
  return out.sort((p, q) => q.similarity - p.similarity);
}

describe('the shipped place pages', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await buildSite();
  }, 180_000);
  afterAll(() => site?.remove());

  it(`no indexable place page shares more than ${MAX_SIMILARITY} of its word 5-grams with another (Jaccard, place names and numbers masked)`, () => {
    const all = pairs(site);
    expect(all.length).toBeGreaterThan(58 * 57 / 2 - 1);
    const over = all.filter((pair) => pair.similarity > MAX_SIMILARITY).map((pair) => `${pair.a} ~ ${pair.b}: ${pair.similarity.toFixed(3)}`);
    expect(over).toEqual([]);
  });

  it('the build summary prints the median and the maximum of the same measure', () => {
    const all = pairs(site);
    const best = new Map<string, number>();
    for (const pair of all) {
      best.set(pair.a, Math.max(best.get(pair.a) ?? 0, pair.similarity));
      best.set(pair.b, Math.max(best.get(pair.b) ?? 0, pair.similarity));
    }
    expect(site.summary.places.similarityMax).toBeCloseTo(all[0]!.similarity, 6);
    expect(site.summary.places.similarityMedian).toBeCloseTo(median([...best.values()]), 6);
    expect(site.summary.places.closestPair!.sort()).toEqual([all[0]!.a, all[0]!.b].sort());
  });
});

// Fixture texts: words no other page has, so only the policy decides (the shipped data holds what
// the owner writes from sources).
// Letters, not digits: the measure masks every word with a digit as a number.
const letters = (i: number): string => (i < 26 ? String.fromCharCode(97 + i) : letters(Math.floor(i / 26) - 1) + letters(i % 26));
const ownWords = (stem: string, count: number) => Array.from({ length: count }, (_, i) => `${stem}${letters(i)}`).join(' ');
// With names and numbers masked, a district page shares some 320 words' 5-grams with its town's
// other district pages; 150 words of its own left it just above 0.50, 200 pass.
const WERDEN = ownWords('werdenwort', 200);
const KETTWIG = ownWords('kettwigwort', 200);
const COPY = ownWords('kopiewort', 200);

describe('a district with a description of its own', () => {
  let data: DataCopy;
  let site: BuiltSite;
  const manifest = () => new Map(placePages(site).map((page) => [page.path, page]));

  beforeAll(async () => {
    data = copyData();
    const file = 'places/ruhrgebiet.yaml';
    const places = parse(data.read(file));
    const essen = places.towns.find((town: { name: string }) => town.name === 'Essen');
    const entry = (name: string, description: string) => ({ name, description, sources: [`Wikipedia: Essen-${name}`] });
    essen.districts = essen.districts.map((district: string | { name: string }) => {
      const name = typeof district === 'string' ? district : district.name;
      if (name === 'Werden') return entry('Werden', WERDEN);
      if (name === 'Kettwig') return entry('Kettwig', KETTWIG);
      // Too short to be indexed, and a copy of another district's text.
      if (name === 'Heisingen') return entry('Heisingen', ownWords('heisingenwort', 79));
      if (name === 'Schuir') return entry('Schuir', COPY);
      if (name === 'Bredeney') return entry('Bredeney', COPY);
      // Any description the shipped data has stays out, so the counts below are the fixture's.
      if (typeof district === 'string') return district;
      const { description, sources, ...rest } = district as { description?: string; sources?: string[] };
      return rest;
    });
    data.write(file, stringify(places));
    site = await buildSite({ dataDir: data.dir });
  }, 180_000);
  afterAll(() => {
    site?.remove();
    data?.remove();
  });

  it('is indexable once it has 80 words from sources and reads unlike every other page: canonical, in the sitemap, its text and sources shown', () => {
    for (const [path, text] of [['/schluesseldienst/werden', WERDEN], ['/schluesseldienst/kettwig', KETTWIG]] as const) {
      const page = manifest().get(path)!;
      expect(page.indexable, path).toBe(true);
      const html = site.read(page.file);
      expect(html).toContain(`<link rel="canonical" href="https://www.schluesseldienst-mustermann.example${path}"`);
      expect(html).not.toContain('name="robots"');
      expect(site.read('sitemap.xml')).toContain(`${path}</loc>`);
      expect(html).toContain(text);
      expect(html).toMatch(/Quellen: Wikipedia: Essen-(Werden|Kettwig)/);
    }
  });

  it('stays noindex, follow with a description under 80 words or one that reads like another page, and the summary says why', () => {
    for (const path of ['/schluesseldienst/heisingen', '/schluesseldienst/schuir', '/schluesseldienst/bredeney']) {
      const page = manifest().get(path)!;
      expect(page.indexable, path).toBe(false);
      expect(site.read(page.file), path).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(site.read(page.file), path).not.toContain('rel="canonical"');
      expect(site.read('sitemap.xml')).not.toContain(`${path}</loc>`);
    }
    const { index } = site.summary.places;
    expect(index).toMatch(/^60 indexable; \d+ noindex, follow \(district without a description of its own\)/);
    expect(index).toContain('1 noindex, follow (description shorter than 80 words)');
    expect(index).toContain(`2 noindex, follow (reads too much like another place page (similarity above ${MAX_SIMILARITY.toFixed(2)}))`);
  });

  it('hands each verdict with its reason and figures to the owner\'s console (dist/_server/place-index.json)', () => {
    const { pages, maxSimilarity, minWords } = placeIndexSchema.parse(JSON.parse(site.read(serverFile('placeIndex'))));
    expect({ maxSimilarity, minWords }).toEqual({ maxSimilarity: MAX_SIMILARITY, minWords: 80 });
    // Every place page of the route list, and its verdict as the page was written.
    for (const page of placePages(site)) expect(pages[page.path]?.indexable, page.path).toBe(page.indexable);
    expect(pages['/schluesseldienst/heisingen']).toEqual({ indexable: false, reason: 'tooShort', words: 79 });
    // The two copies: each names the other and how alike they read, above the limit.
    expect(pages['/schluesseldienst/schuir']).toMatchObject({ indexable: false, reason: 'similar', other: '/schluesseldienst/bredeney' });
    expect(pages['/schluesseldienst/bredeney']).toMatchObject({ indexable: false, reason: 'similar', other: '/schluesseldienst/schuir' });
    expect(pages['/schluesseldienst/schuir']!.similarity).toBeGreaterThan(MAX_SIMILARITY);
    const werden = pages['/schluesseldienst/werden']!;
    expect(werden).toMatchObject({ indexable: true, reason: null });
    expect(werden.similarity).toBeLessThanOrEqual(MAX_SIMILARITY);
    expect(pages[werden.other!]?.indexable).toBe(true);
  });

  it('the build refuses a description without sources, naming file, line, town and district', async () => {
    const broken = copyData();
    try {
      broken.edit('places/ruhrgebiet.yaml', (yaml) => yaml.replace('      - Schuir\n', `      - { name: Schuir, description: "${WERDEN}" }\n`));
      await expect(buildSite({ dataDir: broken.dir })).rejects.toThrow(/data\/places\/ruhrgebiet\.yaml:\d+, town 'Essen', district 'Schuir': sources: a description needs its sources/);
    } finally {
      broken.remove();
    }
  });
});
