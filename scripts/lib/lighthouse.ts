// Lighthouse's default mobile run (simulated throttling) on one page, reduced to the figures we report.
import lighthouse, { type Result } from 'lighthouse';
import type { Browser } from 'puppeteer';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseSummary {
  /** 0–100 as the report shows it; null when Lighthouse could not score the category. */
  scores: Record<Category, number | null>;
  /** Audits that cost points, per category below 100: `id (score)`. */
  lostPoints: Record<Category, string[]>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  scriptBytes: number;
  /** The longest main-thread tasks of the simulated load, `where start+duration ms` (where: a URL, or Unattributable: the browser's own work). */
  longTasks: string[];
  /** Set when Lighthouse ran but hit an error it reports instead of throwing (no FCP, 4xx page …). */
  runtimeError?: string;
}

export interface LighthouseRun {
  summary: LighthouseSummary;
  lhr: Result;
  html: string;
  /** The Chromium trace Lighthouse recorded (the tasks behind its figures; opens in Chrome DevTools' Performance panel). */
  trace: unknown;
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

function resourceBytes(lhr: Result, type: 'total' | 'script'): number {
  const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })
    ?.items;
  return items?.find((item) => item.resourceType === type)?.transferSize ?? Number.NaN;
}

function longTasks(lhr: Result): string[] {
  const items = (lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] })?.items ?? [];
  return [...items]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map((task) => `${task.url.replace(/^https?:\/\/[^/]+/, '') || '/'} ${Math.round(task.startTime)}+${Math.round(task.duration)} ms`);
}

function summarise(lhr: Result): LighthouseSummary {
  const scores = {} as LighthouseSummary['scores'];
  const lostPoints = {} as LighthouseSummary['lostPoints'];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    lostPoints[id] = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit!.id} (${audit!.score})`);
  }
  return {
    scores,
    lostPoints,
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    transferBytes: resourceBytes(lhr, 'total'),
    scriptBytes: resourceBytes(lhr, 'script'),
    longTasks: longTasks(lhr),
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

/** Audits one URL in a fresh tab of the given browser; the tab is closed afterwards. */
export async function runLighthouse(browser: Browser, url: string): Promise<LighthouseRun> {
  const page = await browser.newPage();
  try {
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'html', onlyCategories: [...CATEGORIES] },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}.`);
    const html = Array.isArray(result.report) ? result.report.join('') : result.report;
    return { summary: summarise(result.lhr), lhr: result.lhr, html, trace: result.artifacts.Trace };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/**
 * The run a page is judged by: of several runs, the one with the median performance score.
 * Lighthouse's simulated throttling multiplies the main-thread time it observed, so on a shared
 * machine one run moves by a few points with the load (docs/performance.md, "/leistungen at 99").
 */
export function medianRun<T extends { summary: LighthouseSummary }>(runs: T[]): T {
  if (runs.length === 0) throw new Error('medianRun needs at least one run.');
  const score = (run: T) => run.summary.scores.performance ?? -1;
  return [...runs].sort((a, b) => score(a) - score(b))[Math.floor(runs.length / 2)]!;
}
