// The first screens one build computed serve the next build with the same stylesheet
// (build/first-screen-memory.ts): the same CSS inline, nothing computed twice, and a stylesheet or
// file that does not match is not used.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FirstScreenCss } from '../../build/first-screen-css.ts';
import { memoryFile, recall, remember } from '../../build/first-screen-memory.ts';

const ROOT = join(import.meta.dirname, '../..');
const CSS = '.site-header{color:#123}.hero{padding:1rem}.prices{color:var(--ink)}:root{--ink:#222}.foot{margin:0}';
const SCRIPT = 'document.body.classList.add("is-ready")';
const page = (section: string) =>
  `<html lang="de"><head></head><body><header class="site-header">Schlüsseldienst</header><main><section class="${section}">Tür zu?</section><section>Preise</section></main><footer class="foot">Impressum</footer></body></html>`;

describe('first screens remembered between builds', () => {
  it('a second build with the memory of the first inlines the same CSS and computes none again', () => {
    const first = new FirstScreenCss(CSS, SCRIPT);
    const pages = [page('hero'), page('prices'), page('hero')];
    const fresh = pages.map((html) => first.forPage(html));
    expect(fresh[0]).toContain('.hero');
    expect(fresh[0]).not.toContain('.prices');
    expect(fresh[1]).toContain('--ink');
    expect(first.madeVariants()).toHaveLength(2);

    const second = new FirstScreenCss(CSS, SCRIPT, first.memory());
    expect(pages.map((html) => second.forPage(html))).toEqual(fresh);
    expect(second.madeVariants()).toEqual([]);
    expect(second.variantKeys()).toHaveLength(2);
  });

  it('a page whose first screen the memory lacks gets it computed as without memory', () => {
    const first = new FirstScreenCss(CSS, SCRIPT);
    first.forPage(page('hero'));
    const second = new FirstScreenCss(CSS, SCRIPT, first.memory());
    expect(second.forPage(page('prices'))).toBe(new FirstScreenCss(CSS, SCRIPT).forPage(page('prices')));
    expect(second.madeVariants()).toHaveLength(1);
  });

  it('another stylesheet has another file; a damaged file counts as none; a new file replaces the old', () => {
    const cache = mkdtempSync(join(tmpdir(), 'first-screen-'));
    const file = memoryFile(cache, ROOT, CSS);
    const other = memoryFile(cache, ROOT, `${CSS}.new{color:red}`);
    expect(file).not.toBeNull();
    expect(other).not.toBe(file);
    expect(memoryFile(cache, join(cache, 'no-project'), CSS)).toBeNull();

    const first = new FirstScreenCss(CSS, SCRIPT);
    first.forPage(page('hero'));
    remember(file, first.memory());
    expect(recall(file)).toEqual(first.memory());
    remember(other, first.memory());
    expect(readdirSync(join(cache, 'first-screen'))).toHaveLength(1);
    expect(recall(file)).toBeUndefined();

    writeFileSync(other!, '{"vocabulary":["hero"],"variants":[["hero",1]]}');
    expect(recall(other)).toBeUndefined();
    writeFileSync(other!, '{"vocab');
    expect(recall(other)).toBeUndefined();
  });
});
