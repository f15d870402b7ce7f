import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest runs one file fewer than there are cores; on the two-core machines CI uses that is one file at a
// time, while the integration and browser tests spend much of their time waiting on a database, a server
// process or a browser. Two files at a time at least.
const workers = Math.max(2, availableParallelism() - 1);

const journeys = {
  include: ['e2e/**/*.spec.ts'],
  globalSetup: ['e2e/global-setup.ts'],
  // A failed journey prints what each page still open showed (e2e/failure-report.ts).
  setupFiles: ['e2e/failure-report.ts'],
  // A journey takes 5 to 45 s on a quiet two-core machine and three to six times that on a busy one; the limit is
  // for a journey that hangs, not for a slow one.
  testTimeout: 300_000,
  hookTimeout: 120_000,
  expect: { poll: { timeout: 60_000, interval: 100 } },
};
const CATALOGUE_JOURNEYS = 'e2e/admin.spec.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
          ],
          // A limit for a test that hangs, not for a slow one: vitest's own 5 s was outlasted by a deep-nesting walk
          // with every core busy elsewhere.
          testTimeout: 60_000,
          // The files share one module graph per worker instead of importing it afresh each (34 s → 9 s alone;
          // ADR 0050); a file's stubbed globals and environment are undone after each test, so none leaks into
          // the next file. Checked with the files in shuffled orders.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          // Limits for a test that hangs, not for a slow one: a busy machine makes a 3 s test take 30.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A poll ends on the event it waits for; its limit is for an event that never comes (vitest's own is 1 s,
          // which a job or a timer on a busy machine outlasts).
          expect: { poll: { timeout: 60_000, interval: 50 } },
          maxWorkers: workers,
          // Every file builds its own app on its own database, and no module keeps state between them: the
          // files of a worker share one module graph instead of importing the server afresh each (a third of
          // the pass's time).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e-journeys',
          ...journeys,
          exclude: [CATALOGUE_JOURNEYS],
          // Two files at a time, each with its own browser, against the one server.
          maxWorkers: workers,
        },
      },
      {
        test: {
          // The administrator's journeys change what every page shows (the catalogue, a plan's permissions): they
          // run on a server of their own (each project starts its own), beside the other journeys, in the same
          // two workers. Vitest hands out the files of projects in the order of their names: this one's name sorts
          // first, so its long file starts at once instead of running alone at the end.
          name: 'e2e-catalogue',
          ...journeys,
          include: [CATALOGUE_JOURNEYS],
          maxWorkers: workers,
        },
      },
    ],
  },
});
