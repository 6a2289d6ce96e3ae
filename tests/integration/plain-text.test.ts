// Every page reads as sentences without CSS: in a text browser, in reader mode, when copied and
// pasted, and when a screen reader reads its inline spans one after the other. Two items of the
// markup that stand side by side on screen (a label and its price, a card's title and its text)
// need a separator in the text too, or they read "Zylinderwechselab 99 €" and
// "Schlüsseldienst MustermannAnrufen".
import { describe, expect, it } from 'vitest';
import { serverFile } from '../../core/build-server-contract.ts';
import { firstRoutePerTemplate, readRoutes } from '../../scripts/lib/routes.ts';
import { gluedPairs, textLines } from '../support/plain-text.ts';
import { buildSite } from '../support/site-build.ts';

/** Templates with a page per place: one page of each stands for the rest. */
const PLACE_TEMPLATES = new Set(['town', 'district', 'fallback']);

describe('reading a page as text', () => {
  it('puts block elements on lines of their own and keeps inline elements on the line', () => {
    const html = '<body><p>Stand: <time>24. November 2026</time></p><div><h2>1. Datenschutz</h2></div><address>Essen</address><a href="/r">Route planen</a><script>var A="B"</script><div hidden><p>Versteckt</p></div></body>';
    expect(textLines(html).map((line) => line.join(''))).toEqual(['Stand: 24. November 2026', '1. Datenschutz', 'Essen', 'Route planen']);
  });

  it('finds two items that run together, and none that a space, a block or a table cell keeps apart', () => {
    const glued = '<body><a><span>Schlüsseldienst Mustermann</span></a><a><span>Anrufen</span><span>24/7 Notdienst</span></a><p><span>Zylinderwechsel</span><span>ab 99 €</span></p><p><span>sonst 258 €</span><span>Schloss verriegelt</span></p><p><span>vor Ort.</span><span>Er gilt</span></p></body>';
    expect(gluedPairs(glued).map((pair) => pair.text)).toEqual([
      'Schlüsseldienst Mustermann|Anrufen',
      'Anrufen|24/7 Notdienst',
      'Zylinderwechsel|ab 99 €',
      'sonst 258 €|Schloss verriegelt',
      'vor Ort.|Er gilt',
    ]);
    const apart = '<body><a><span>Schlüsseldienst Mustermann</span></a> <a><span>Anrufen</span> <span>24/7</span></a><ul><li>A</li><li>B</li></ul><table><tr><th>Tür</th><td>69 €</td></tr></table><p>Zugefallene Tür<br/>Tür ins Schloss gefallen</p><p><span>Zugefallene Tür</span>: <span>69 €</span></p></body>';
    expect(gluedPairs(apart)).toEqual([]);
  });
});

describe('every page without CSS', () => {
  it('keeps apart every two items that stand side by side on screen', async () => {
    const site = await buildSite();
    const routes = await readRoutes(site.dir);
    const pages = [...routes.filter((route) => !PLACE_TEMPLATES.has(route.template)), ...firstRoutePerTemplate(routes).filter((route) => PLACE_TEMPLATES.has(route.template))];
    const files = [...pages.map((page) => ({ name: page.path, file: page.file })), { name: 'message page', file: serverFile('messagePage') }, { name: "owner's console", file: serverFile('consolePage') }];
    // The shared parts and a page of every template, so a check that finds nothing has read something.
    expect(pages.map((page) => page.template)).toEqual(expect.arrayContaining(['home', 'service', 'contact', 'area', 'town', 'district', 'fallback', 'legal', 'order', '404']));
    const glued = files.flatMap(({ name, file }) => gluedPairs(site.read(file)).map((pair) => `${name}: "${pair.text}" in "${pair.line}"`));
    expect(glued).toEqual([]);
  });
});
