/**
 * Checks a StrykerJS JSON report against Lotline's mutation thresholds, per group of files and
 * per file (Stryker itself has a single `thresholds.break` for the whole run):
 *
 * - the shared rules (`common/`) and the server's command deciders ≥ 90 %, the real-time protocol
 *   code and the trust paths ≥ 85 %, for the group and for every file in it;
 * - mutants disabled by `// Stryker disable …` comments ≤ 5 % of all mutants, each with its reason.
 *
 *   npx tsx scripts/mutation-thresholds.ts [report.json] [--docs docs/testing.md]
 *
 * Prints per-file scores; with `--docs`, also writes them between the mutation-summary markers of
 * that file. Exits 1 when a group or a file in it is below the group's threshold, or the disabled
 * mutants break the rule.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { relative } from 'node:path'

export const DEFAULT_REPORT = 'reports/mutation/mutation.json'
export const DISABLED_MAX_SHARE = 0.05
/** Stryker's reason for a `// Stryker disable` comment that gives none. */
const NO_REASON = 'Ignored using a comment'

export interface Group {
  name: string
  threshold: number
  includes: (file: string) => boolean
}

/**
 * Issue 27's money and security paths that are not pure rules: a bid batch's Idempotency-Keys, the
 * push endpoint allow-list, the first screen's inlined answers, the client's real-time bridge, the
 * headers that carry a queued write's key, the CSRF rule and security headers, who may subscribe
 * to which real-time channel, the offline queue on disk, its replay's trigger, the replay itself
 * and the registry of queueable writes, the real-time connection and its parts; and the money
 * paths tested on PGlite.
 */
const TRUST_PATHS = new Set([
  'server/commands/bids/batch-keys.ts',
  'server/lib/push-endpoint.ts',
  'server/lib/first-screen-answers.ts',
  'src/realtime/bridge.ts',
  'src/offline/queue-headers.ts',
  'server/plugins/security.ts',
  'server/routes/broadcasting/index.ts',
  'src/offline/queue-store.ts',
  'src/offline/replay.ts',
  // The money paths tested on PGlite (tests/server/money/): holds, the ledger, idempotency keys,
  // the command shell, closing a lot and settling a top-up.
  'server/repositories/holds.ts',
  'server/repositories/ledger.ts',
  'server/repositories/idempotency.ts',
  'server/commands/run-command.ts',
  'server/commands/settlement/close-lot.ts',
  'server/commands/wallet/top-ups/settle-top-up.ts',
  // The client's offline replay and the real-time connection, split by responsibility.
  'src/offline/replay-queue.ts',
  'src/offline/mutations.ts',
  'src/realtime/connection.ts',
  'src/realtime/status.ts',
  'src/realtime/pusher-options.ts',
  'src/realtime/channel-feed.ts',
  'src/realtime/browser-signals.ts',
  // The rest of the offline queue and real-time layer (queued writes' definitions and keys, the
  // online state, channel authorization, what counts as live, presence).
  'src/offline/queueable.ts',
  'src/offline/queued.ts',
  'src/offline/use-queued-mutation.ts',
  'src/offline/online.ts',
  'src/realtime/authorize.ts',
  'src/realtime/live.ts',
  'src/realtime/presence.ts',
  'src/realtime/client-slot.ts',
  'src/realtime/channel-value.ts',
])

export const GROUPS: readonly Group[] = [
  { name: 'common/', threshold: 90, includes: (file) => file.startsWith('common/') },
  {
    name: 'real-time protocol',
    threshold: 85,
    includes: (file) => file.startsWith('server/realtime/'),
  },
  {
    name: 'command deciders',
    threshold: 90,
    includes: (file) => file.startsWith('server/commands/') && !TRUST_PATHS.has(file),
  },
  { name: 'trust paths', threshold: 85, includes: (file) => TRUST_PATHS.has(file) },
]

type MutantStatus =
  | 'Killed'
  | 'Survived'
  | 'NoCoverage'
  | 'Timeout'
  | 'CompileError'
  | 'RuntimeError'
  | 'Ignored'
  | 'Pending'

interface ReportMutant {
  id: string
  mutatorName: string
  status: MutantStatus
  statusReason?: string
  static?: boolean
  location: { start: { line: number; column: number } }
}

export interface MutationReport {
  files: Record<string, { mutants: ReportMutant[] }>
}

export interface Tally {
  killed: number
  survived: number
  noCoverage: number
  ignored: number
  errors: number
  total: number
}

/** Stryker's mutation score: detected (killed or timed out) over valid, non-ignored mutants. */
export function score(t: Tally): number {
  const valid = t.killed + t.survived + t.noCoverage
  return valid === 0 ? 100 : (100 * t.killed) / valid
}

export function tally(mutants: readonly ReportMutant[]): Tally {
  const t: Tally = { killed: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0, total: 0 }
  for (const mutant of mutants) {
    t.total++
    if (mutant.status === 'Killed' || mutant.status === 'Timeout') t.killed++
    else if (mutant.status === 'Survived') t.survived++
    // ignoreStatic (stryker.config.mjs): Stryker still calls a static mutant no test ran NoCoverage.
    else if (mutant.status === 'NoCoverage' && mutant.static) t.ignored++
    else if (mutant.status === 'NoCoverage') t.noCoverage++
    else if (mutant.status === 'Ignored') t.ignored++
    else t.errors++
  }
  return t
}

/** Report paths are absolute or relative to where Stryker ran; compare them repo-relative. */
function normalizedFiles(report: MutationReport): [string, ReportMutant[]][] {
  return Object.entries(report.files).map(([file, { mutants }]) => [
    relative(process.cwd(), file).split('\\').join('/'),
    mutants,
  ])
}

export interface Verdict {
  failures: string[]
  lines: string[]
}

export function check(report: MutationReport): Verdict {
  const failures: string[] = []
  const lines: string[] = []
  const files = normalizedFiles(report)
  const all = files.flatMap(([, mutants]) => mutants)

  lines.push('| Group / file | Score | Killed | Survived | No coverage | Disabled |')
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: |')
  const row = (label: string, t: Tally) =>
    `| ${label} | ${score(t).toFixed(1)} % | ${t.killed} | ${t.survived} | ${t.noCoverage} | ${t.ignored} |`
  for (const group of GROUPS) {
    const members = files
      .filter(([file]) => group.includes(file))
      .sort(([a], [b]) => a.localeCompare(b))
    const groupTally = tally(members.flatMap(([, mutants]) => mutants))
    lines.push(row(`**${group.name}** (threshold ${group.threshold} %)`, groupTally))
    for (const [file, mutants] of members) lines.push(row(`\`${file}\``, tally(mutants)))
    if (members.length === 0) failures.push(`${group.name}: no mutated files in the report`)
    else if (score(groupTally) < group.threshold) {
      failures.push(
        `${group.name}: mutation score ${score(groupTally).toFixed(1)} % is below ${group.threshold} %`,
      )
    }
    // Per file as well: a weak file hides inside a strong group's average otherwise.
    for (const [file, mutants] of members) {
      const fileScore = score(tally(mutants))
      if (fileScore < group.threshold) {
        failures.push(
          `${file}: mutation score ${fileScore.toFixed(1)} % is below ${group.threshold} % (${group.name})`,
        )
      }
    }
  }
  const outside = files.filter(([file]) => !GROUPS.some((group) => group.includes(file)))
  for (const [file] of outside) failures.push(`${file}: mutated but in no group`)

  const disabled = files.flatMap(([file, mutants]) =>
    mutants.filter((m) => m.status === 'Ignored').map((m) => ({ file, mutant: m })),
  )
  const share = all.length === 0 ? 0 : disabled.length / all.length
  lines.push('')
  lines.push(
    `Disabled by comment: ${disabled.length} of ${all.length} mutants (${(100 * share).toFixed(1)} %, at most ${100 * DISABLED_MAX_SHARE} %).`,
  )
  if (share > DISABLED_MAX_SHARE) {
    failures.push(
      `${disabled.length} of ${all.length} mutants are disabled by comments (more than ${100 * DISABLED_MAX_SHARE} %)`,
    )
  }
  for (const { file, mutant } of disabled) {
    const where = `${file}:${mutant.location.start.line}`
    const reason = mutant.statusReason?.trim() ?? ''
    if (reason === '' || reason === NO_REASON) {
      failures.push(`${where}: ${mutant.mutatorName} mutant disabled without a reason`)
    }
  }
  return { failures, lines }
}

const MARK_START = '<!-- mutation-summary:start -->'
const MARK_END = '<!-- mutation-summary:end -->'

/** Replaces the text between the summary markers of a doc with this run's table. */
export function withSummary(doc: string, summary: string): string {
  const start = doc.indexOf(MARK_START)
  const end = doc.indexOf(MARK_END)
  if (start < 0 || end < start) throw new Error(`no ${MARK_START} … ${MARK_END} markers`)
  return `${doc.slice(0, start + MARK_START.length)}\n${summary}\n${doc.slice(end)}`
}

function machine(): string {
  const cpu = cpus()
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}, ${process.platform}`
}

export function summaryMarkdown(verdict: Verdict, command: string, durationNote?: string): string {
  return [
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\``,
    `on ${machine()}${durationNote ? `; ${durationNote}` : ''}.`,
    '',
    ...verdict.lines,
  ].join('\n')
}

function main(argv: string[]): number {
  const docsAt = argv.indexOf('--docs')
  const docs = docsAt >= 0 ? argv[docsAt + 1] : undefined
  const positional = argv.filter(
    (arg, i) => !arg.startsWith('--') && (docsAt < 0 || i !== docsAt + 1),
  )
  const reportPath = positional[0] ?? DEFAULT_REPORT
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as MutationReport
  const verdict = check(report)
  console.log(verdict.lines.join('\n'))
  if (docs) {
    const command = process.env.MUTATION_COMMAND ?? 'npm run test:mutation'
    const summary = summaryMarkdown(verdict, command, process.env.MUTATION_DURATION)
    writeFileSync(docs, withSummary(readFileSync(docs, 'utf8'), summary))
    // The table as the repository's formatter lays it out, so `npm run lint` stays clean.
    spawnSync('node_modules/.bin/prettier', ['--write', docs], { stdio: 'ignore' })
    console.log(`\nSummary written to ${docs}.`)
  }
  if (verdict.failures.length > 0) {
    console.error(`\nMutation thresholds not met:\n- ${verdict.failures.join('\n- ')}`)
    return 1
  }
  console.log('\nMutation thresholds met.')
  return 0
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2))
