// Reads one data file (YAML, or Markdown with front matter) and validates it with its schema. A YAML
// file's parsed form is kept for the next build (build/load/parsed-data.ts).
import { readFileSync } from 'node:fs';
import matter from 'gray-matter';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { DataError, DataErrors, dataErrorMap, fromZodError } from '../data-error.ts';
import { parsedOnce } from './parsed-data.ts';

// Every schema checks the data once per build: zod's compiled fast path (a `new Function` per
// object shape) costs more to make than one pass saves (loading data/ took 315 instead of 360 ms).
z.config({ jitless: true });

function readText(path: string, label: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file is missing' : (error as Error).message;
    throw new DataError(label, '', reason);
  }
}

/** `prepare` runs on the parsed data before validation (placeholders are filled there, so
 * lengths are checked on the text visitors will read). */
export function loadYaml<S extends z.ZodType>(path: string, label: string, schema: S, prepare: (data: unknown, label: string) => unknown = (data) => data): z.infer<S> {
  const parsed = parsedOnce(readText(path, label), 'yaml parseDocument toJS', (text) => {
    const document = parseDocument(text, { prettyErrors: true });
    if (document.errors.length > 0) {
      throw new DataErrors(
        document.errors.map((error) => {
          const where = error.linePos?.[0] ? `line ${error.linePos[0].line}, column ${error.linePos[0].col}` : '';
          return new DataError(label, where, `is not valid YAML: ${error.message.split('\n')[0]}`);
        }),
      );
    }
    return document.toJS() as unknown;
  });
  const data = prepare(parsed, label);
  const result = schema.safeParse(data, { error: dataErrorMap });
  if (!result.success) throw fromZodError(label, result.error, data);
  return result.data;
}

export interface Prose<F> {
  data: F;
  markdown: string;
}

export function loadMarkdown<S extends z.ZodType>(path: string, label: string, schema: S, prepare: <T>(data: T, label: string) => T = (data) => data): Prose<z.infer<S>> {
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(readText(path, label));
  } catch (error) {
    if (error instanceof DataError) throw error;
    throw new DataError(label, 'front matter', `is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const frontMatter = prepare(parsed.data, label);
  const result = schema.safeParse(frontMatter, { error: dataErrorMap });
  if (!result.success) throw fromZodError(label, result.error, frontMatter);
  if (parsed.content.trim() === '') throw new DataError(label, 'body', 'is empty; write the page text below the front matter');
  return { data: result.data, markdown: prepare(parsed.content, label) };
}
