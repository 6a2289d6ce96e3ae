// How every test build is made.

/** The day every test build is dated, so that texts carrying the build's date do not change with the calendar. */
export const BUILD_DATE = new Date('2026-11-22T10:00:00Z');

/**
 * Test builds render on one worker besides the test's thread (build/render-worker.mjs, which
 * registers tsx for it), as `npm run build` does on a 2-core machine. On its thread alone, an
 * in-process build of the shipped data took 5.4–7.8 s against 4.0–5.0 s, and `npm test` ran
 * about a minute longer. tests/integration/build-command.test.ts builds on one thread and compares.
 */
export const TEST_WORKERS = { count: 1, file: new URL('../../build/render-worker.mjs', import.meta.url) };
