// Each page carries the CSS of its first screen inline (build/render/first-screen-css.ts): the first paint
// waits for no stylesheet, the whole stylesheet follows by itself without blocking anything
// (client/boot.ts; the ordinary way without JavaScript), and no rule the first screen's markup needs is
// left out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstScreen } from '../../build/render/first-screen-markup.ts';
import { readRoutes, type Route } from '../../scripts/lib/routes.ts';
import { buildSite, type BuiltSite } from '../support/site-build.ts';

let site: BuiltSite;
let routes: Route[];
let stylesheet: string;

beforeAll(async () => {
  site = await buildSite();
  routes = await readRoutes(site.dir);
  const console = site.read('_server/console.html');
  stylesheet = readFileSync(join(site.dir, /href="\/(assets\/site\.[0-9a-f]{8}\.css)"/.exec(console)![1]!), 'utf8');
  stylesheetSelectors = new Set(selectors(stylesheet));
}, 120_000);

/** Every selector of a minified stylesheet, each item of a selector list on its own. */
const selectors = (css: string) => [...css.matchAll(/(?:^|[{};])([^{}@;]+)\{/g)].flatMap((match) => match[1]!.split(',').map((item) => item.trim()));
let stylesheetSelectors: Set<string>;

const inlineCss = (html: string) => [...html.matchAll(/<style>([^]*?)<\/style>/g)].map((match) => match[1]).join('');
const classesOf = (html: string) => new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)));
/** Whether a rule selects by this class on its own (not only together with another class, as `.a.b`). */
const hasClassRule = (css: string, name: string) => new RegExp(`\\.${name.replace(/[^\w-]/g, '\\$&')}(?![\\w.\\[-])`).test(css);

describe('CSS of the first screen, inline', () => {
  it('no page blocks its first paint on a stylesheet: the rules of the first screen are inline, the rest comes from client/boot.ts, a <noscript> link without JavaScript', () => {
    for (const route of routes) {
      const html = site.read(route.file);
      const head = html.slice(0, html.indexOf('</head>'));
      const links = [...head.replace(/<noscript>[^]*?<\/noscript>/g, '').matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
      expect(links, route.path).toEqual([]);
      expect(head, route.path).toMatch(/<noscript><link rel="stylesheet" href="\/assets\/site\.[0-9a-f]{8}\.css"\/><\/noscript>/);
      expect(inlineCss(html).length, route.path).toBeGreaterThan(5_000);
    }
  });

  it('keeps the rules of every class the first screen uses, and only rules of the one stylesheet', () => {
    let checked = 0;
    for (const route of routes.filter((_route, index) => index % 25 === 0 || _route.template !== 'district')) {
      const html = site.read(route.file);
      const css = inlineCss(html);
      const inline = new Set(selectors(css));
      // A rule of the class alone (`.name{…}`) applies wherever the class is; one with more in its
      // selector (`.a .b`) may not apply to this page's first screen.
      for (const name of classesOf(firstScreen(html))) {
        if (stylesheetSelectors.has(`.${name}`)) expect(inline.has(`.${name}`), `${route.path}: .${name}`).toBe(true);
        checked += 1;
      }
      // Nothing but the stylesheet's own rules is inlined: every selector is one of the stylesheet's.
      for (const selector of selectors(css)) expect(stylesheetSelectors.has(selector), `${route.path}: ${selector}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(1_000);
    expect(stylesheetSelectors.size).toBeGreaterThan(200);
    expect(selectors(inlineCss(site.read('index.html')))).toContain('.header-bar');
    // The row of letters far down /einsatzgebiet is marked to be styled from the first paint: unstyled, its links ran together.
    expect(selectors(inlineCss(site.read('einsatzgebiet/index.html')))).toEqual(expect.arrayContaining(['.letter-nav', '.letter-nav a']));
  });

  it('lays out the thousand links of /einsatzgebiet only near the screen from the first paint, each letter sized by its places until then', () => {
    const html = site.read('einsatzgebiet/index.html');
    // The letters' rule, content-visibility included, stands inline: no stylesheet has to come first.
    expect(inlineCss(html)).toMatch(/\.letter\{[^}]*content-visibility:auto[^}]*contain-intrinsic-size:auto calc\([^}]*var\(--places/);
    const letters = [...html.matchAll(/<section class="letter"[^>]*style="--places:(\d+)"[^>]*>([^]*?)<\/section>/g)];
    expect(letters.length).toBeGreaterThan(15);
    for (const [, count, inner] of letters) expect(inner!.match(/<li\b/g)?.length).toBe(Number(count));
    expect(letters.reduce((sum, [, count]) => sum + Number(count), 0)).toBeGreaterThan(900);
  });

  it('leaves out what a first screen does not show: the home page carries no order-form or footer rule', () => {
    const home = inlineCss(site.read('index.html'));
    for (const name of ['order-table', 'site-footer']) {
      expect(hasClassRule(stylesheet, name)).toBe(true);
      expect(hasClassRule(home, name)).toBe(false);
    }
  });

  it('takes from the page script only the classes it sets on the first screen, not what it looks for further down', () => {
    const home = site.read('index.html');
    const inline = selectors(inlineCss(home));
    // The page script names these (it wakes the FAQ, the map, the form islands), but none stands on the first screen.
    for (const selector of ['.faq', '.map-frame', '.contact-form', '.is-revealed']) {
      expect(stylesheetSelectors.has(selector), selector).toBe(true);
      expect(firstScreen(home)).not.toContain(selector.slice(1));
      expect(inline, selector).not.toContain(selector);
    }
    // A class it sets on what is there: the floating WhatsApp button shown past 20 % of the page.
    expect(inline).toContain('.fab-whatsapp.is-visible');
    // The drawer after the footer stays hidden from the first paint (its own tag is marked), and
    // the gallery's images further down cannot widen the page.
    expect(inline).toEqual(expect.arrayContaining(['.drawer', '.drawer:target', 'img']));
    expect(inline).not.toContain('.drawer-panel');
  });
});
