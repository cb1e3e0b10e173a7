import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Three projects:
 * - client: React/unit tests in happy-dom (src/, common/)
 * - server: API and real-time tests in Node on PGlite, or on PostgreSQL with LOTLINE_TEST_DATABASE=pg
 * - e2e: real Chromium against the built app (needs /usr/bin/chromium)
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, one on a 2-core machine; the tests
    // mostly wait on PGlite and sockets, so every core gets a worker (docs/testing.md).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'client',
          isolate: false,
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'common/**/*.test.ts', 'sw/**/*.test.ts'],
          setupFiles: ['tests/setup/client.ts'],
        },
      },
      {
        test: {
          name: 'server',
          isolate: false,
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Migrates PGlite once per run; each test database loads that snapshot.
          globalSetup: ['tests/server/pglite-snapshot.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // Builds the common client and migrates a PGlite template once per run.
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A poll waits for a state the page reaches by itself (a push shown, a price moved); on a
          // loaded CI machine that took over vitest's default second (docs/testing.md).
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
})
