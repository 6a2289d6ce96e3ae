// Plain-text tables for terminal reports: numbers right-aligned, everything else left-aligned.

export type Cell = string | number;

/** What a report prints where there is no figure. */
export const NO_VALUE = '–';

function isNumeric(cell: Cell): boolean {
  return typeof cell === 'number' || cell === NO_VALUE || /^[-+]?\d[\d.,/]*( ?[a-zA-Z%×]+)?$/.test(cell);
}

export function formatTable(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map(String));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...text.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[], alignRight: boolean[]) =>
    cells
      .map((cell, column) => (alignRight[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const numericColumns = headers.map(
    (_, column) => rows.some((row) => row[column] !== NO_VALUE) && rows.every((row) => isNumeric(row[column] ?? '')),
  );
  return [
    line(headers, numericColumns),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...text.map((row) => line(row, numericColumns)),
  ].join('\n');
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return NO_VALUE;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return NO_VALUE;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
