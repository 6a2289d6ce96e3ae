// Fills {{path}} placeholders in data texts from the business facts and prices, so a phone
// number or a price is written once (data/site.yaml, data/prices.yaml) and shown everywhere.
import { DataError, DataErrors } from '../data-error.ts';
import type { Prices } from '../../core/schema/prices.ts';
import { formatEuro } from '../../core/format.ts';
import { priceSentence } from '../../core/prices.ts';

export type PlaceholderContext = Record<string, unknown>;

// {{path}} a text or number; {{euro:path}} "69 €"; {{num:path}} "5.000"; {{price:id}} a service's
// price as the customer pays it, with its time condition: "69 € (Mo–Fr 8–18 Uhr …; sonst 138 €)".
const PLACEHOLDER = /\{\{\s*(?:(euro|num|price):)?([\w.-]+)\s*\}\}/g;

/** Looks a dotted path up; a segment that is not a key of an array finds the item with that id. */
export function lookup(context: PlaceholderContext, path: string): unknown {
  let value: unknown = context;
  for (const segment of path.split('.')) {
    if (Array.isArray(value)) {
      value = /^\d+$/.test(segment)
        ? value[Number(segment)]
        : value.find((item: unknown) => (item as { id?: unknown } | null)?.id === segment);
    } else if (value !== null && typeof value === 'object') {
      value = (value as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return value;
}

// {{#if path}} … {{/if}}: the text between is kept only when the path names a set value (not
// null, false, "" or an empty list), e.g. the Google Analytics section of the privacy policy
// while an id is configured. Blocks do not nest.
// {{#unless path}} … {{/unless}} keeps its text when the value is not set.
const CONDITIONAL = /\{\{#(if|unless)\s+([\w.-]+)\s*\}\}([^]*?)\{\{\/\1\}\}/g;

function isSet(value: unknown): boolean {
  return !(value === null || value === undefined || value === false || value === '' || (Array.isArray(value) && value.length === 0));
}

function fill(text: string, context: PlaceholderContext, file: string, field: string, errors: DataError[]): string {
  const kept = text.replace(CONDITIONAL, (_whole, kind: string, path: string, body: string) => (isSet(lookup(context, path)) === (kind === 'if') ? body : ''));
  if (/\{\{[#/]/.test(kept)) errors.push(new DataError(file, field, 'has a {{#if …}} or {{#unless …}} without its end (or one inside another); blocks do not nest'));
  return kept.replace(PLACEHOLDER, (whole, format: string | undefined, path: string) => {
    if (format === 'price') {
      try {
        return priceSentence(context['prices'] as Prices, path);
      } catch {
        errors.push(new DataError(file, field, `placeholder ${whole} names no price id of data/prices.yaml`));
        return whole;
      }
    }
    const value = lookup(context, path);
    if (format === 'num') {
      if (typeof value === 'number') return value.toLocaleString('de-DE');
      errors.push(new DataError(file, field, `placeholder ${whole} needs a number at "${path}"`));
      return whole;
    }
    if (format === 'euro') {
      if (typeof value === 'number') return formatEuro(value);
      errors.push(new DataError(file, field, `placeholder ${whole} needs a number at "${path}"`));
      return whole;
    }
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    errors.push(
      new DataError(file, field, `placeholder ${whole} names no text or number; use a path of data/site.yaml, "prices.…", "claims.…", "vat.…", "arrival.…" or "buildDate"`),
    );
    return whole;
  });
}

/** Returns a copy of `data` with every placeholder in every string filled; throws all problems at once. */
export function fillPlaceholders<T>(data: T, context: PlaceholderContext, file: string): T {
  const errors: DataError[] = [];
  const walk = (value: unknown, field: string): unknown => {
    if (typeof value === 'string') return fill(value, context, file, field, errors);
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${field}[${index}]`));
    // YAML reads an unquoted `stand: 2026-11-24` as a Date: keep it for its schema to check.
    if (value instanceof Date) return value;
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, walk(item, field ? `${field}.${key}` : key)]),
      );
    }
    return value;
  };
  const filled = walk(data, '') as T;
  if (errors.length > 0) throw new DataErrors(errors);
  return filled;
}
