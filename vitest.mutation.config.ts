import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.ts'

/**
 * The test files StrykerJS runs (`npm run test:mutation`): the client and server projects of
 * vitest.config.ts, narrowed to the tests that cover the mutated modules — the shared rules
 * (`common/`), the real-time service (`server/realtime/`), the command deciders
 * (`tests/server/commands/`: pure, no database) and the trust paths tested without a database. Every other suite is left out: it
 * would only slow each mutant down (the e2e project needs a browser and never runs here).
 */
const NARROWED: Record<string, string[]> = {
  client: [
    'common/**/*.test.ts',
    'src/realtime/bridge.test.ts',
    'src/offline/queue-headers.test.ts',
    'src/offline/queue-store.test.ts',
    'src/offline/replay.test.ts',
    'src/offline/replay-tabs.test.ts',
    'src/offline/replay-queue.test.ts',
    'src/offline/replay-lock.test.ts',
    'src/offline/mutations.test.ts',
    'src/realtime/connection.test.ts',
    'src/realtime/connection-channels.test.ts',
    'src/realtime/connection-state.test.ts',
    'src/realtime/connection-count.test.ts',
    'src/realtime/pusher-options.test.ts',
    'src/realtime/browser-signals.test.ts',
    'src/offline/queueable.test.ts',
    'src/offline/queued.test.ts',
    'src/offline/use-queued-mutation.test.tsx',
    'src/offline/online.test.tsx',
    'src/realtime/authorize.test.ts',
    'src/realtime/live.test.tsx',
    'src/realtime/presence.test.tsx',
    'src/realtime/provider.test.tsx',
    'src/realtime/client-slot.test.ts',
  ],
  server: [
    'server/realtime/**/*.test.ts',
    'tests/server/commands/**/*.test.ts',
    'server/lib/push-endpoint.test.ts',
    'tests/server/first-screen-answers.test.ts',
    'tests/server/security-plugin.test.ts',
    'tests/server/broadcasting-auth.test.ts',
    // The money paths, one fresh PGlite per file (not the HTTP suites: an app per mutant is slow).
    'tests/server/money/holds-repo.test.ts',
    'tests/server/money/ledger-repo.test.ts',
    'tests/server/money/idempotency-repo.test.ts',
    'tests/server/money/run-command.test.ts',
    'tests/server/money/close-lot.test.ts',
    'tests/server/money/settle-top-up.test.ts',
  ],
}

const projects = (base.test?.projects ?? []).flatMap((project) => {
  if (typeof project !== 'object' || !('test' in project)) return []
  const name = project.test?.name
  if (typeof name !== 'string' || !(name in NARROWED)) return []
  // Each file on its own, as StrykerJS's runner expects (npm test shares workers for speed).
  return [{ ...project, test: { ...project.test, include: NARROWED[name], isolate: true } }]
})

export default mergeConfig(defineConfig({}), defineConfig({ test: { projects } }))
