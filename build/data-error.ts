// A data problem the owner can fix: names the file, the field path and what is wrong.
import type { z } from 'zod';

export class DataError extends Error {
  override name = 'DataError';
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${file}: ${field ? `${field}: ` : ''}${problem}`);
  }
}

/** Several problems at once, so the owner can fix a file in one go. */
export class DataErrors extends Error {
  override name = 'DataErrors';
  constructor(readonly errors: DataError[]) {
    super(errors.map((error) => error.message).join('\n'));
  }
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describe(value: unknown): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 60 ? ` (got ${text.slice(0, 57)}...)` : ` (got ${text})`;
}

export function fromZodError(file: string, error: z.ZodError, data: unknown): DataErrors {
  return new DataErrors(
    error.issues.map((issue) => {
      const missing = issue.code === 'invalid_type' && valueAt(data, issue.path) === undefined;
      const problem = missing ? 'is missing' : `${issue.message}${describe(valueAt(data, issue.path))}`;
      return new DataError(file, formatPath(issue.path), problem);
    }),
  );
}
