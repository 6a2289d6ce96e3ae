// The bundled list of common passwords (scripts/common-passwords/README.md names its source and
// licence): `npm run owner:password` refuses a password on it, whatever its case.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LIST = join(import.meta.dirname, '../common-passwords/10k-most-common.txt');

/** Whether the password is on the list, compared without regard to case. */
export function isCommonPassword(password: string, list: string = LIST): boolean {
  const wanted = password.toLowerCase();
  return readFileSync(list, 'utf8')
    .split('\n')
    .some((line) => line.trim().toLowerCase() === wanted);
}
