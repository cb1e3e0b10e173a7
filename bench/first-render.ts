/**
 * Repeat-visit time to first render from the service worker (docs/product.md §8: ≤ 300 ms in
 * headless Chromium here), online and offline, against a cold first visit in the same run as the
 * peer.
 *
 *   npx tsx bench/first-render.ts [runs=15]
 *
 * "First render" = the moment the app's own screen heading (`main h1`) is in the DOM, recorded
 * in the page by a MutationObserver installed before any script runs (performance.now(), i.e.
 * from navigation start). First contentful paint is reported too; it comes earlier, from the
 * inline skeleton in index.html.
 */
import type { Page } from 'playwright-core'
import { buildClient, launchBrowser, startServer } from '../tests/e2e/harness.ts'
import { machine, percentile, writeSection } from './lib/report.ts'

const RUNS = Number(process.argv[2] ?? 15)

const OBSERVE = `
  window.__rendered = 0;
  new MutationObserver((_, observer) => {
    if (document.querySelector('main h1')) {
      window.__rendered = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`

async function measure(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(() => (window as unknown as { __rendered: number }).__rendered > 0)
  return page.evaluate(() => ({
    render: (window as unknown as { __rendered: number }).__rendered,
    fcp:
      performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')
        ?.startTime ?? NaN,
    fromServiceWorker: Boolean(navigator.serviceWorker.controller),
  }))
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90), max: sorted.at(-1) ?? NaN }
}

async function main() {
  // BENCH_DIST: a build made before (e.g. another commit's), to compare in one session.
  const server = await startServer({ distDir: process.env.BENCH_DIST ?? buildClient('bench') })
  const browser = await launchBrowser()
  const results: Record<string, { render: number[]; fcp: number[] }> = {
    cold: { render: [], fcp: [] },
    online: { render: [], fcp: [] },
    offline: { render: [], fcp: [] },
  }
  try {
    for (let i = 0; i < RUNS; i++) {
      // Cold: a fresh profile, nothing cached, no service worker yet.
      const context = await browser.newContext()
      await context.addInitScript(OBSERVE)
      const page = await context.newPage()
      const cold = await measure(page, server.url)
      results.cold!.render.push(cold.render)
      results.cold!.fcp.push(cold.fcp)
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      await page.reload()
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller))
      // Repeat visits in a new tab of the same profile, as a person reopening the app.
      for (const mode of ['online', 'offline'] as const) {
        await context.setOffline(mode === 'offline')
        const tab = await context.newPage()
        const repeat = await measure(tab, server.url)
        if (!repeat.fromServiceWorker) throw new Error('repeat visit was not served by the SW')
        results[mode]!.render.push(repeat.render)
        results[mode]!.fcp.push(repeat.fcp)
        await tab.close()
      }
      await context.close()
    }
  } finally {
    await browser.close()
    await server.stop()
  }

  const rows = Object.entries(results).map(([mode, r]) => {
    const render = summary(r.render)
    const fcp = summary(r.fcp)
    return { mode, render, fcp }
  })
  const coldP50 = rows.find((r) => r.mode === 'cold')!.render.p50
  const table = [
    '| visit | first render p50 | p90 | max | FCP p50 | vs cold (p50) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.mode === 'cold' ? 'first visit (network, no SW)' : `repeat, ${r.mode}, from SW`} | ${r.render.p50.toFixed(0)} ms | ${r.render.p90.toFixed(0)} ms | ${r.render.max.toFixed(0)} ms | ${r.fcp.p50.toFixed(0)} ms | ${(r.render.p50 / coldP50).toFixed(2)}× |`,
    ),
  ]
  const body = `Command: \`npx tsx bench/first-render.ts ${RUNS}\` (production build, real server on
loopback, headless Chromium; ${RUNS} fresh profiles, each: a cold visit, then a repeat visit in a
new tab online and one offline).
Machine: ${machine()}.

${table.join('\n')}

"First render" is when the screen's own heading is in the DOM (a MutationObserver installed before
any script), measured from navigation start. Budget (docs/product.md §8): repeat visit from the service
worker ≤ 300 ms.`
  console.log(body)
  await writeSection('Repeat-visit first render (bench/first-render.ts)', body)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
