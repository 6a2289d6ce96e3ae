// axe-core's default rule set on one page, at Lighthouse's mobile viewport, after the page has settled.
import axe from 'axe-core';
import type { Browser } from 'puppeteer';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

type AxeWindow = Window & { axe: typeof axe };

export async function runAxe(browser: Browser, url: string): Promise<AxeViolation[]> {
  const page = await browser.newPage();
  try {
    // Evaluated scripts obey the page's CSP; the audit must not fail because our own headers are strict.
    await page.setBypassCSP(true);
    await page.setCacheEnabled(false);
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const response = await page.goto(url, { waitUntil: 'networkidle0', timeout: 30_000 });
    if (!response) throw new Error(`${url} gave no response; axe needs a page to check.`);
    await page.evaluate(axe.source);
    return await page.evaluate(async () => {
      const results = await (window as unknown as AxeWindow).axe.run();
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    });
  } finally {
    await page.close().catch(() => undefined);
  }
}
