// Figures for `npm run bench`: how rates, latencies and ratios are written, and the shape of a
// section's contribution to the closing table.
import { NO_VALUE } from './table.ts';

/**
 * What every GET of the benchmark asks for. gzip, not br: our server and nginx then send the same
 * precompressed bytes (Debian's nginx has no brotli module unless libnginx-mod-http-brotli-static
 * is installed), so the ratios are fair.
 */
export const GET_HEADERS = { 'Accept-Encoding': 'gzip' } as const;

/** One line of the closing table: what is compared, the ratio, and the figures it comes from. */
export type SummaryRow = [string, string, string];

export interface Section {
  summary: SummaryRow[];
  problems: string[];
}

export function rate(perSecond: number): string {
  return perSecond < 10 ? perSecond.toFixed(1) : perSecond.toFixed(0);
}

/** Latency with enough digits for sub-millisecond answers. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  if (value < 10) return `${value.toFixed(2)} ms`;
  return value < 1000 ? `${value.toFixed(0)} ms` : `${(value / 1000).toFixed(2)} s`;
}

export function ratio(ours: number, theirs: number): string {
  return `${(ours / theirs).toFixed(2)}×`;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
