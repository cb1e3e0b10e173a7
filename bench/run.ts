/**
 * `npm run bench`: every benchmark in turn, each writing its own section of docs/performance.md.
 * Run on a quiet machine (the figures are compared with the budgets of docs/product.md §8);
 * PostgreSQL at 127.0.0.1:5432 is needed for the bid benchmarks. `npm run bench -- bundle
 * first-render` runs only the named ones.
 */
import { spawnSync } from 'node:child_process'

const BENCHES: Record<string, string[]> = {
  bundle: ['npm', 'run', 'build', '&&', 'npx', 'tsx', 'bench/bundle-size.ts'],
  'first-render': ['npx', 'tsx', 'bench/first-render.ts', '15'],
  lighthouse: ['npx', 'tsx', 'bench/lighthouse.ts', '--runs', '5', '--docs'],
  // A slower phone (issue 33): its own section of docs/performance.md.
  'lighthouse-6x': [
    'npx',
    'tsx',
    'bench/lighthouse.ts',
    '--runs',
    '5',
    '--slowdown',
    '6',
    '--docs',
  ],
  resume: ['npx', 'tsx', 'bench/resume.ts', '--runs', '3', '--cut', '30', '--write'],
  realtime: [
    'npx',
    'tsx',
    'bench/realtime.ts',
    '--sockets',
    '500,2000,5000',
    '--rate',
    '20',
    '--duration',
    '10',
    '--markdown',
  ],
  bids: ['npx', 'tsx', 'bench/bids.ts', '--write'],
  // One live show with 2,000 viewers and the same run's lot room (issue 34).
  show: ['npx', 'tsx', 'bench/show.ts', '--write'],
  'bid-requests': ['npx', 'tsx', 'bench/bid-requests.ts', '--write'],
  push: ['npx', 'tsx', 'bench/push.ts', '--runs', '3', '--write'],
  pictures: ['npx', 'tsx', 'bench/pictures.ts', '--runs', '3', '--write'],
}

const wanted = process.argv.slice(2).filter((a) => a !== '--')
const names = wanted.length ? wanted : Object.keys(BENCHES)
let failed = 0
for (const name of names) {
  const command = BENCHES[name]
  if (!command) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHES).join(', ')}`)
    process.exit(2)
  }
  console.log(`\n=== ${name}: ${command.join(' ')}`)
  const result = spawnSync(command.join(' '), { shell: true, stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
