// The project's folder, as every step finds its sources, data and caches by it. Taken from this
// module's place, one folder below the root: build/launch.mjs's bundle lies one folder below the
// root too (.cache/build.mjs), so the same line holds there; modules in build/'s subfolders ask
// here rather than reading their own place, which differs in the bundle.
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
