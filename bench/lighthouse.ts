/**
 * First visit on a phone (docs/product.md §8): Lighthouse with its mobile defaults (simulated
 * slow 4G, 4× CPU) on the lot list and on a lot room, as a guest, each run in a fresh browser
 * (no service worker, no cache), against the production build served by the real server with the
 * local demo data (pictures included). Medians of N runs per page.
 *
 *   npx tsx bench/lighthouse.ts [--runs 5] [--url http://localhost:8000/] [--docs] [--save dir]
 *
 * Without --url it builds the client and starts its own server (PGlite, a free port). --docs
 * writes the "Lighthouse (first visit, mobile)" section of docs/performance.md; --save keeps
 * every run's full report (`<page>-<n>.json`) to see where the time went. A measurement:
 * it exits non-zero only when it cannot measure, never on a missed budget.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import type { Result } from 'lighthouse'
import { buildClient, launchBrowser, startServer } from '../tests/e2e/harness.ts'
import { machine, percentile, writeSection } from './lib/report.ts'
import { freePort } from '../tests/free-port.ts'

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? undefined : args[at + 1]
}
const RUNS = Number(option('runs') ?? 5)
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

/** DESIGN §8 budgets, as [metric, limit, higher is better]. */
const BUDGETS: Array<[string, number, boolean]> = [
  ['performance', 95, true],
  ['accessibility', 100, true],
  ['best-practices', 100, true],
  ['seo', 100, true],
  ['LCP ms', 2000, false],
  ['TBT ms', 150, false],
  ['CLS', 0.02, false],
  ['entry app code unused %', 20, false],
]

type Figures = Record<string, number>

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN

function figures(lhr: Result): Figures {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? NaN) * 100)]),
  )
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> })
      ?.items ?? []
  const transfer = (filter: (r: Record<string, unknown>) => boolean) =>
    requests.filter(filter).reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0) / 1024
  // Coverage per script (Lighthouse's treemap data): the entry chunk's share never run.
  const scripts =
    (
      lhr.audits['script-treemap-data']?.details as {
        nodes?: Array<{ name: string; resourceBytes: number; unusedBytes?: number }>
      }
    )?.nodes ?? []
  // The page's own scripts (index.html's module script and modulepreloads), the app's code and the
  // libraries' apart: how much of each the first screen never ran.
  const unusedShare = (pattern: RegExp) => {
    const named = scripts.filter((node) => pattern.test(node.name))
    const bytes = named.reduce((sum, node) => sum + node.resourceBytes, 0)
    const unused = named.reduce((sum, node) => sum + (node.unusedBytes ?? 0), 0)
    return bytes ? (100 * unused) / bytes : NaN
  }
  return {
    ...scores,
    'FCP ms': numeric(lhr, 'first-contentful-paint'),
    'LCP ms': numeric(lhr, 'largest-contentful-paint'),
    'TBT ms': numeric(lhr, 'total-blocking-time'),
    CLS: numeric(lhr, 'cumulative-layout-shift'),
    'Speed Index ms': numeric(lhr, 'speed-index'),
    'transfer KB': transfer(() => true),
    'script KB': transfer((r) => r.resourceType === 'Script'),
    'entry app code unused %': unusedShare(/\/assets\/(index|app)-[^/]+\.js$/),
    'entry libraries unused %': unusedShare(/\/assets\/(vendor|rolldown-runtime)-[^/]+\.js$/),
    // Lighthouse's measure of this machine's speed: its simulation multiplies the observed main
    // thread by 4 whatever the machine, so TBT and LCP follow it (higher is faster).
    'benchmark index': lhr.environment.benchmarkIndex,
  }
}

/** Audits that failed in a run, for the report: what to fix next. */
function failing(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode),
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
}

/**
 * A run Lighthouse itself could not complete (its `NO_NAVSTART`, now and then on a busy machine)
 * is run again, up to twice; the failure is reported, never counted as a measurement.
 */
async function measureOnce(url: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url)
    } catch (error) {
      if (attempt === 3) throw error
      process.stderr.write(`  Lighthouse failed (${(error as Error).message}); running again\n`)
    }
  }
}

async function runOnce(url: string): Promise<Result> {
  const port = await freePort()
  // A fresh browser per run: a first visit, nothing cached, no service worker.
  const browser = await launchBrowser({
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--remote-debugging-port=${port}`,
    ],
  })
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message)
    return result.lhr
  } finally {
    await browser.close()
  }
}

function median(values: number[]): number {
  const sorted = [...values].filter(Number.isFinite).sort((a, b) => a - b)
  return percentile(sorted, 50)
}

const show = (name: string, value: number) =>
  name === 'CLS'
    ? value.toFixed(3)
    : name.endsWith('KB') || name.endsWith('%')
      ? value.toFixed(1)
      : String(Math.round(value))

async function measurePage(label: string, url: string) {
  const runs: Result[] = []
  for (let i = 0; i < RUNS; i++) {
    runs.push(await measureOnce(url))
    const save = option('save')
    if (save) {
      mkdirSync(save, { recursive: true })
      const name = `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${i + 1}.json`
      writeFileSync(join(save, name), JSON.stringify(runs.at(-1)))
    }
    process.stderr.write(
      `${label} run ${i + 1}/${RUNS}: performance ${figures(runs.at(-1)!).performance}\n`,
    )
  }
  const all = runs.map(figures)
  const names = Object.keys(all[0]!)
  const medians = Object.fromEntries(names.map((n) => [n, median(all.map((f) => f[n]!))]))
  // The run closest to the median performance score names the audits to fix.
  const typical = runs[all.findIndex((f) => f.performance === medians.performance)] ?? runs[0]!
  return { label, url, medians, spread: all, failing: failing(typical) }
}

function table(pages: Awaited<ReturnType<typeof measurePage>>[]): string {
  const names = Object.keys(pages[0]!.medians)
  const budget = (name: string) => BUDGETS.find(([n]) => n === name)
  const rows = names.map((name) => {
    const b = budget(name)
    const cells = pages.map((p) => {
      const value = p.medians[name]!
      if (!b) return show(name, value)
      const ok = b[2] ? value >= b[1] : value <= b[1]
      return `${show(name, value)} ${ok ? '✓' : '✗'}`
    })
    const limit = b ? `${b[2] ? '≥' : '≤'} ${b[1]}` : ''
    return `| ${name} | ${cells.join(' | ')} | ${limit} |`
  })
  return [
    `| median of ${RUNS} | ${pages.map((p) => p.label).join(' | ')} | budget |`,
    `|---|${pages.map(() => '---:').join('|')}|---|`,
    ...rows,
  ].join('\n')
}

async function main() {
  let stop = async () => {}
  let base = option('url')
  if (!base) {
    const server = await startServer({ distDir: buildClient('lighthouse') })
    stop = () => server.stop()
    base = server.url
  }
  try {
    const list = (await (await fetch(new URL('api/lots?status=open', base))).json()) as {
      items: Array<{ id: string }>
    }
    const lotId = list.items[0]?.id
    if (!lotId) throw new Error('No open lot to measure the lot room with')
    const pages = [
      await measurePage('lot list `/`', base),
      await measurePage('lot room `/lots/:id`', new URL(`lots/${lotId}`, base).href),
    ]
    const report = [
      `Command: \`npx tsx bench/lighthouse.ts --runs ${RUNS}${option('url') ? ` --url ${option('url')}` : ''} --docs\``,
      `Machine: ${machine()}. Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults (simulated slow 4G, 4× CPU), a fresh browser per run, as a guest, production build with the local demo data. Medians; the machine's load moves TBT most.`,
      '',
      table(pages),
      '',
      ...pages.map(
        (p) => `Failing audits (${p.label}, the median run): ${p.failing.join(', ') || 'none'}.`,
      ),
    ].join('\n')
    console.log(report)
    if (args.includes('--docs')) await writeSection('Lighthouse (first visit, mobile)', report)
  } finally {
    await stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
