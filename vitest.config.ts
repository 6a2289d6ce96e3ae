import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Vitest leaves one core free by default, which on a 2-core machine runs the unit and
    // integration files one after another (123 s); two at a time take 83 s. The e2e files stay
    // one at a time (below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker keeps its loaded modules from one test file to the next instead of starting each
    // file in a fresh module graph. No test changes module state, the environment or the working
    // directory (tests/unit/test-isolation.test.ts checks), so nothing leaks between files, and
    // loading the server, build and React modules once per worker instead of once per file took
    // the integration project from 131 to 99 s and the unit project from 15 to 9 s on this
    // machine (quiet, back to back; docs/performance.md).
    isolate: false,
    projects: [
      {
        extends: true,
        // A unit test takes under a second on a quiet machine, but next to several builds and a
        // browser (a load of 13 on 2 cores) parsing every module for tests/unit/code-shape.test.ts
        // took over vitest's default of 5 s. The limit is there to catch a hang, not to time code.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        // One build of the shipped data for the whole run, shared with the e2e project. These tests
        // start servers, builds and commands: on a loaded 2-core machine one took 6 s, past
        // vitest's default of 5, so each may take a minute.
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], globalSetup: ['tests/support/shared-build.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/shared-build.ts', 'tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time: parallel browsers on a small CI box turn timeouts into flakes.
          fileParallelism: false,
          // After unit and integration, so the browser does not compete with them for CPU.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
