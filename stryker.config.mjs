// @ts-check
/**
 * Mutation testing (`npm run test:mutation`, docs/testing.md): StrykerJS changes the shared rules
 * and the real-time protocol code one small edit at a time and checks that some test fails.
 * Per-group and per-file thresholds (90 % common/ and the command deciders, 85 % real-time protocol
 * and the trust paths) and the 5 % cap on disabled mutants are enforced by
 * scripts/mutation-thresholds.ts after the run: Stryker has a single `break`.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // Not copied into the sandbox: CI's Node binaries and reports, and what the browser suite builds
  // while CI runs this beside it (a folder removed mid-copy would fail the run).
  ignorePatterns: ['/.ci', '/tests/e2e/.tmp', '/bench/.tmp', '/.data', '/dist', '/coverage'],
  mutate: [
    'common/**/*.ts',
    '!common/**/*.test.ts',
    'server/realtime/client-messages.ts',
    'server/realtime/client-subscribe.ts',
    'server/realtime/presence-subscribe.ts',
    'server/realtime/client-signin.ts',
    'server/realtime/client-event.ts',
    'server/realtime/json.ts',
    'server/realtime/protocol.ts',
    'server/realtime/names.ts',
    'server/realtime/signatures.ts',
    'server/realtime/http-signature.ts',
    // The server's pure deciders (decision 0021): what a command decides, before any I/O.
    'server/commands/**/decide-*.ts',
    'server/commands/**/check-*.ts',
    'server/commands/bids/bid-refusals.ts',
    'server/commands/wallet/top-ups/top-up-rules.ts',
    // Trust paths of issue 27 whose tests need no database (scripts/mutation-thresholds.ts).
    'server/commands/bids/batch-keys.ts',
    'server/lib/push-endpoint.ts',
    'server/lib/first-screen-answers.ts',
    'src/realtime/bridge.ts',
    'src/offline/queue-headers.ts',
    // Trust paths tested on a bare Fastify: the CSRF rule and security headers.
    'server/plugins/security.ts',
    // Who may subscribe to which channel, on a bare Fastify with stand-in session and lots.
    'server/routes/broadcasting/index.ts',
    // The client's offline queue on disk (what each tab merges and remembers as replayed),
    // when a resume loads the replay and tells the other tabs, and the replay itself under its
    // lock (what is sent, adopted, kept or dropped).
    'src/offline/queue-store.ts',
    'src/offline/replay.ts',
    // Money paths tested on PGlite (issue 27): one fresh database per test file
    // (tests/server/money/), so each mutant costs one database load and a few statements.
    'server/repositories/holds.ts',
    'server/repositories/ledger.ts',
    'server/repositories/idempotency.ts',
    'server/commands/run-command.ts',
    'server/commands/settlement/close-lot.ts',
    'server/commands/wallet/top-ups/settle-top-up.ts',
    'src/offline/replay-queue.ts',
    // The rest of the offline queue and real-time layer: when queued writes' definitions load,
    // a queued write's key, the online state, channel authorization, what counts as live, and
    // who is in a lot room.
    'src/offline/queueable.ts',
    'src/offline/queued.ts',
    'src/offline/use-queued-mutation.ts',
    'src/offline/online.ts',
    'src/realtime/authorize.ts',
    'src/realtime/live.ts',
    'src/realtime/presence.ts',
    'src/realtime/client-slot.ts',
    'src/realtime/channel-value.ts',
    // Which writes may be queued, how they are retried and which answer is final.
    'src/offline/mutations.ts',
    // The app's one real-time connection and its parts: status, pusher-js options, what a
    // channel feeds the cache, and the browser's signals for a fast recovery.
    'src/realtime/connection.ts',
    'src/realtime/status.ts',
    'src/realtime/pusher-options.ts',
    'src/realtime/channel-feed.ts',
    'src/realtime/browser-signals.ts',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // Two cores shared with other work: one test runner per core at most.
  concurrency: 2,
  timeoutMS: 10_000,
  // A static mutant (a module-level constant) runs every narrowed test, about 70 s of tests on
  // 2 cores each: the lists of hosts, categories and headers would cost an hour per run. They are
  // reported Ignored, counted in the checker's 5 % cap (docs/testing.md).
  ignoreStatic: true,
  thresholds: { high: 90, low: 85, break: null },
}
