// Where the checkout lives, so scripts work from any current directory.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Path of an executable that an npm package installs into node_modules/.bin. */
export function packageBin(name: string): string {
  return join(REPO_ROOT, 'node_modules', '.bin', name);
}
