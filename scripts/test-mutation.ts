/**
 * `npm run test:mutation [-- --incremental] [-- --docs]`: StrykerJS over the shared rules and the
 * real-time protocol code (stryker.config.mjs), then the per-group thresholds
 * (scripts/mutation-thresholds.ts).
 *
 * - `--incremental` re-tests only mutants whose code or covering tests changed since
 *   reports/mutation/stryker-incremental.json (committed, so CI starts from the last full run).
 * - `--docs` writes the per-file summary into docs/testing.md.
 * - `--concurrency N` caps StrykerJS's test runners (CI runs it beside the browser suite on one core).
 *
 * StrykerJS 10 needs Node 22 or newer: checked first, with a message that says what to do.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const NODE_MIN_MAJOR = 22

export function nodeMajor(version: string): number {
  return Number(version.split('.')[0])
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.error) throw result.error
  return result.status ?? 1
}

/** `--concurrency N` passed on to StrykerJS, when given. */
function concurrencyArgs(argv: readonly string[]): string[] {
  const at = argv.indexOf('--concurrency')
  if (at === -1) return []
  const value = argv[at + 1] ?? ''
  if (!/^[1-9][0-9]*$/.test(value))
    throw new Error(`--concurrency needs a positive whole number, not "${value}"`)
  return ['--concurrency', value]
}

function main(argv: string[]): number {
  if (nodeMajor(process.versions.node) < NODE_MIN_MAJOR) {
    console.error(
      `Mutation testing needs Node ${NODE_MIN_MAJOR} or newer (StrykerJS 10); this is Node ${process.versions.node}.\n` +
        `Put a newer node first on PATH, e.g. PATH=/path/to/node-${NODE_MIN_MAJOR}/bin:$PATH npm run test:mutation`,
    )
    return 1
  }
  const incremental = argv.includes('--incremental')
  const docs = argv.includes('--docs')
  const bin = join('node_modules', '.bin')
  const started = Date.now()
  const strykerArgs = [
    'run',
    'stryker.config.mjs',
    ...(incremental ? ['--incremental'] : []),
    ...concurrencyArgs(argv),
  ]
  const stryker = run(join(bin, 'stryker'), strykerArgs)
  if (stryker !== 0) {
    console.error(`StrykerJS failed (exit ${stryker}).`)
    return stryker
  }
  const seconds = Math.round((Date.now() - started) / 1000)
  const command = `npm run test:mutation${incremental ? ' -- --incremental' : ''}`
  console.log(`\n${command}: StrykerJS took ${seconds} s.`)
  return run(
    join(bin, 'tsx'),
    ['scripts/mutation-thresholds.ts', ...(docs ? ['--docs', 'docs/testing.md'] : [])],
    {
      ...process.env,
      MUTATION_COMMAND: command,
      MUTATION_DURATION: `${incremental ? 'incremental run' : 'full run'} ${seconds} s`,
    },
  )
}

process.exitCode = main(process.argv.slice(2))
