// A throw-away copy of data/ that a test may break or change without touching the real one.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface DataCopy {
  dir: string;
  read(file: string): string;
  write(file: string, content: string): void;
  edit(file: string, change: (content: string) => string): void;
  remove(): void;
}

export function copyData(): DataCopy {
  const dir = join(mkdtempSync(join(tmpdir(), 'site-data-')), 'data');
  cpSync(join(ROOT, 'data'), dir, { recursive: true });
  const copy: DataCopy = {
    dir,
    read: (file) => readFileSync(join(dir, file), 'utf8'),
    write: (file, content) => writeFileSync(join(dir, file), content),
    edit: (file, change) => copy.write(file, change(copy.read(file))),
    remove: () => rmSync(resolve(dir, '..'), { recursive: true, force: true }),
  };
  return copy;
}
