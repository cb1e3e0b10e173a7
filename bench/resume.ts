/**
 * Resume time (DESIGN §8: fresh data on screen ≤ 2 s after the network returns):
 *
 *   npx tsx bench/resume.ts [runs=7]
 *
 * A lot room is open in headless Chromium; its network is cut; meanwhile another member places
 * bids through the API; when the network returns, the time until the room shows the server's
 * price and its full history (same number of rows) is measured from the moment it came back.
 */
import { buildClient, launchBrowser, sleep, startServer } from '../tests/e2e/harness.ts'
import { machine, percentile, writeSection } from './lib/report.ts'

const RUNS = Number(process.argv[2] ?? 7)
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/json' }

async function main() {
  const server = await startServer({ distDir: buildClient('bench') })
  const browser = await launchBrowser()
  const api = (path: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${server.url}api/${path}`, { ...init, headers: { ...HEADERS, cookie, ...init.headers } })
  const login = async (email: string) => {
    const res = await api('auth/login', '', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'lotline-demo' }),
    })
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!
  }
  const times: number[] = []
  try {
    const carol = await login('carol@lotline.test')
    const bob = await login('bob@lotline.test')
    for (let run = 0; run < RUNS; run++) {
      const lot = (await (
        await api('lots', carol, {
          method: 'POST',
          body: JSON.stringify({
            title: `Bench resume ${run}`,
            startingPrice: 100,
            endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          }),
        })
      ).json()) as { id: string }
      const context = await browser.newContext()
      await context.request.post(`${server.url}api/auth/login`, {
        headers: HEADERS,
        data: { email: 'alice@lotline.test', password: 'lotline-demo' },
      })
      const page = await context.newPage()
      await page.goto(`${server.url}lots/${lot.id}`)
      await page.getByTestId('lot-price').waitFor()
      await context.setOffline(true)
      let amount = 100
      for (let i = 0; i < 5; i++) {
        await api(`lots/${lot.id}/bids`, bob, {
          method: 'POST',
          headers: { 'Idempotency-Key': `bench-resume-${run}-${i}` },
          body: JSON.stringify({ amount }),
        })
        amount += 200
      }
      await sleep(500)
      const truth = (await (await api(`lots/${lot.id}`, carol)).json()) as { currentPrice: number }
      const rows = (
        (await (await api(`lots/${lot.id}/bids`, carol)).json()) as { items: unknown[] }
      ).items.length
      const euros = (truth.currentPrice / 100).toFixed(2)
      const started = Date.now()
      await context.setOffline(false)
      await page.waitForFunction(
        ({ euros, rows }) =>
          document.querySelector('[data-testid="lot-price"]')?.textContent?.includes(euros) &&
          document.querySelectorAll('.history-list > li').length === rows,
        { euros, rows },
        { polling: 'raf', timeout: 15_000 },
      )
      times.push(Date.now() - started)
      await context.close()
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  const sorted = [...times].sort((a, b) => a - b)
  const body = `Command: \`npx tsx bench/resume.ts ${RUNS}\` (production build, real server on loopback,
headless Chromium). Machine: ${machine()}.

A lot room is open; its network is cut; another member places 5 bids; the network returns. Time
from the network's return until the room shows the server's price and the same number of history
rows: p50 **${percentile(sorted, 50)} ms**, p90 ${percentile(sorted, 90)} ms, max ${sorted.at(-1)} ms over
${RUNS} runs (budget, DESIGN §8: ≤ 2,000 ms). The browser e2e \`tests/e2e/resume.test.ts\` checks the
harder case (a server restart during the cut, continuous bidding, a queued watch toggle)
against the same 2 s.`
  console.log(body)
  await writeSection('Resume after the network returns (bench/resume.ts)', body)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
