import { readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/e2e/harness.ts'

const base = process.argv[2] ?? 'http://localhost:8123/'
const dist = process.argv[3] ?? '/tmp/dmS'
const path = process.argv[4] ?? ''
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
const page = await browser.newPage()
await page.coverage.startJSCoverage({ resetOnNavigation: false })
await page.goto(base + path, { waitUntil: 'load' })
await page.waitForTimeout(4000)
const cov = await page.coverage.stopJSCoverage()
for (const entry of cov) {
  const name = entry.url.split('/').pop()!
  if (!/^(app|index)-/.test(name)) continue
  const src = entry.source!
  const used = new Uint8Array(src.length)
  // V8 block coverage: ranges nest; later (inner) ranges override outer ones.
  for (const fn of entry.functions)
    for (const r of fn.ranges) used.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset)
  const map = new TraceMap(readFileSync(`${dist}/assets/${name}.map`, 'utf8'))
  const lineStarts = [0]
  for (let i = 0; i < src.length; i++) if (src[i] === '\n') lineStarts.push(i + 1)
  const perFile = new Map<string, [number, number]>()
  let line = 0
  for (let i = 0; i < src.length; i++) {
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= i) line++
    if (i % 1 !== 0) continue
    const pos = originalPositionFor(map, { line: line + 1, column: i - lineStarts[line]! })
    const file = (pos.source ?? '?').replace(/.*\/(src|common|node_modules)\//, '$1/')
    const t = perFile.get(file) ?? [0, 0]
    t[0]++
    if (!used[i]) t[1]++
    perFile.set(file, t)
  }
  const total = src.length
  const unused = used.reduce((n, u) => n + (u ? 0 : 1), 0)
  console.log(`${name}: ${total} bytes, unused ${unused} (${((100 * unused) / total).toFixed(1)} %)`)
  for (const [f, [t, u]] of [...perFile].sort((a, b) => b[1][1] - a[1][1]).slice(0, 30))
    console.log(`  ${String(u).padStart(6)} / ${String(t).padStart(6)}  ${f}`)
}
await browser.close()
