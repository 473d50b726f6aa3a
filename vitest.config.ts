import { defineConfig } from 'vitest/config';

// Three tiers (docs/engineering.md "Tests"): pure packages, the server on real SQL, the web app in jsdom.
// Playwright specs in e2e/ are not Vitest's.
// In CI a JSON report is written too, for the closing "N passed, N failed" line.
const jsonReport = process.env.VITEST_JSON ?? (process.env.CI ? 'test-results/vitest.json' : undefined);

export default defineConfig({
  test: {
    // 2 cores: two test files at a time.
    maxWorkers: 2,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 90_000,
          pool: 'forks',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // One worker process runs many files: PGlite's WASM is compiled once per worker instead of
          // once per file (server suite 74 s → 41 s). Each file still opens its own database and app;
          // module-level caches are keyed by ids of that database (and the harness clears them). On
          // PGlite that database is a copy of a data dir migrated once for the run (test/global-setup.ts).
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
