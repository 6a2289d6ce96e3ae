// How every test build is made.

/** The day every test build is dated, so that texts carrying the build's date do not change with the calendar. */
export const BUILD_DATE = new Date('2026-11-22T10:00:00Z');

/**
 * Render workers for a test build that runs alone: the run's shared build (global setup, before any
 * test file) and the e2e project's builds (its files run one at a time). Started from the sources
 * through build/render-worker.mjs, which registers tsx for them, so the tests also run the worker
 * the way `npx tsx build/index.ts` does. A build alone took 5.4–7.8 s on its thread against
 * 4.0–5.0 s with the worker. The other test builds run beside another test file on a 2-core machine
 * and stay on their thread: there a worker only adds CPU (build.test.ts and rebuild.test.ts side by
 * side: 45.7–47.2 s of test time with a worker per build, 28.4–29.9 s without).
 */
export const TEST_WORKERS = { count: 1, file: new URL('../../build/render-worker.mjs', import.meta.url) };
