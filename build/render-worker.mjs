// The render worker of build/render/pool.ts, started from the TypeScript sources (`npx tsx
// build/index.ts`, and the tests' builds): on Node 20 a worker thread does not inherit the loader
// tsx registered for its parent, so it registers it itself. From build/launch.mjs's bundle the
// worker is the bundle's own .cache/render-worker.mjs instead, which needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./render/worker.ts');
