// A data problem the owner can fix: names the file, where in it (the line, and the listed item by its
// own name: "town 'Herdecke'"), the field and what is wrong. The line and the item are found once
// the load step fails (build/load/source-lines.ts).
import { z } from 'zod';
import { dataProblem, unknownKey } from '../core/data-problems.ts';

/** Where in its file a problem lies: the line (from 1) and the listed items the field belongs to. */
export interface Whereabouts {
  line?: number;
  /** "town 'Herdecke', district 'Ende'", or "the 3rd review" where an item has no name. */
  item?: string;
}

export class DataError extends Error {
  override name = 'DataError';
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
    readonly where: Whereabouts = {},
  ) {
    const place = `${file}${where.line ? `:${where.line}` : ''}${where.item ? `, ${where.item}` : ''}`;
    super(`${place}: ${field ? `${field}: ` : ''}${problem}`);
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

/** The path a field names ("towns[3].districts[0]" → towns, 3, districts, 0); undefined for a field that is no path ("line 3, column 4", "body"). */
export function parsePath(field: string): (string | number)[] | undefined {
  if (!/^[^\s.[\]]+(?:\.[^\s.[\]]+|\[\d+\])*$/.test(field)) return undefined;
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] === undefined ? match[1]! : Number(match[2])));
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
  if (value === undefined || (value !== null && typeof value === 'object')) return '';
  const text = JSON.stringify(value);
  return text.length > 60 ? ` (got ${text.slice(0, 57)}...)` : ` (got ${text})`;
}

/** The keys each object with an unknown key may have, by the object, noted while zod checks it. */
const knownKeys = new WeakMap<object, readonly string[]>();

/**
 * zod's error map for data files: the owner's words for every issue whose schema gives no message
 * of its own (core/data-problems.ts), noting the keys an object may have for a misspelt one.
 */
export const dataErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'unrecognized_keys' && issue.input && issue.inst instanceof z.ZodObject) knownKeys.set(issue.input, Object.keys(issue.inst.shape));
  return dataProblem(issue);
};

/**
 * A value that fits one form of a union ("Rüttenscheid" or `{ name: …, in: … }`) by its kind has
 * the problems of that form: a district written as keys names its misspelt key, not "must be text".
 */
function withinUnion(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const fitting = issue.errors.filter((branch) => !branch.some((inner) => inner.path.length === 0 && (inner.code === 'invalid_type' || inner.code === 'invalid_value')));
  if (fitting.length !== 1) return [issue];
  return fitting[0]!.flatMap((inner) => withinUnion({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** The problems of a value zod refused (checked with `dataErrorMap`), one per field and per unknown key. */
export function fromZodError(file: string, error: z.ZodError, data: unknown): DataErrors {
  return new DataErrors(
    error.issues.flatMap(withinUnion).flatMap((issue) => {
      const value = valueAt(data, issue.path);
      if (issue.code === 'unrecognized_keys') {
        const known = value !== null && typeof value === 'object' ? (knownKeys.get(value) ?? []) : [];
        return issue.keys.map((key) => new DataError(file, formatPath([...issue.path, key]), unknownKey(key, known)));
      }
      const missing = issue.code === 'invalid_type' && value === undefined;
      // A message that quotes the value already says what it got.
      const got = typeof value === 'string' && issue.message.includes(JSON.stringify(value)) ? '' : describe(value);
      return [new DataError(file, formatPath(issue.path), missing ? 'is missing' : `${issue.message}${got}`)];
    }),
  );
}
