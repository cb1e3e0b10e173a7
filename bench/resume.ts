/**
 * Resume time (docs/product.md §8: fresh data on screen ≤ 2 s after the network returns):
 *
 *   npx tsx bench/resume.ts [--runs 3] [--cut 30] [--write]
 *
 * A lot room is open in headless Chromium while two members bid on it continuously through the
 * API; the page's network is cut for `--cut` seconds, during which, per variant, nothing else
 * happens, the real-time service restarts (it runs as its own process here), the page is also
 * hidden and frozen (device sleep), or the API restarts. Measured: from the network's return until
 * the room shows the server's price and its exact full history (same rows, same order).
 */
import type { BrowserContext, Page } from 'playwright-core'
import type { PublicUser } from '../common/accounts.ts'
import type { BidRow, LotDetail } from '../common/auction.ts'
import { IDEMPOTENCY_HEADER } from '../common/config.ts'
import {
  API_HEADERS,
  apiClient,
  buildClient,
  launchBrowser,
  sleep,
  sleepDevice,
  startServer,
  type RunningServer,
} from '../tests/e2e/harness.ts'
import { machine, percentile, writeSection } from './lib/report.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(args[index + 1])
}
const RUNS = option('runs', 3)
const CUT_MS = option('cut', 30) * 1000
const WRITE = args.includes('--write')

type Variant =
  'network cut only' | 'real-time restart' | 'device sleep + real-time restart' | 'API restart'
const VARIANTS: Variant[] = [
  'network cut only',
  'real-time restart',
  'device sleep + real-time restart',
  'API restart',
]

const client = (server: RunningServer) => apiClient(() => server.url)

async function fullHistory(api: ReturnType<typeof client>['api'], lotId: string, cookie: string) {
  const rows: string[] = []
  for (let after = '0'; after;) {
    const page = (await (await api(`lots/${lotId}/bids?after=${after}`, cookie)).json()) as {
      items: BidRow[]
      nextCursor: string | null
    }
    rows.push(...page.items.map((row) => `${row.bidder} @ ${row.createdAt}`))
    after = page.nextCursor ?? ''
  }
  return rows
}

async function measureOnce(
  server: RunningServer,
  context: BrowserContext,
  variant: Variant,
  run: number,
): Promise<number> {
  const { api, login } = client(server)
  const carol = await login('carol@lotline.test')
  const admin = await login('admin@lotline.test')
  const bidders = [await login('bob@lotline.test'), admin]
  for (const cookie of bidders) {
    const id = ((await (await api('me', cookie)).json()) as { user: PublicUser }).user.id
    await api(`admin/wallets/${id}/adjustments`, admin, {
      method: 'POST',
      headers: { [IDEMPOTENCY_HEADER]: `bench-resume-credit-${variant}-${run}-${id}` },
      body: JSON.stringify({ amount: 50_000, reason: 'Bench bidding budget' }),
    })
  }
  const lot = (await (
    await api('lots', carol, {
      method: 'POST',
      body: JSON.stringify({
        title: `Bench resume ${variant} ${run}`,
        category: 'other',
        startingPrice: 100,
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        delivery: { pickup: { town: 'Madrid' } },
      }),
    })
  ).json()) as LotDetail

  let bidding = true
  const war = (async () => {
    for (let turn = 0; bidding; turn++) {
      const cookie = bidders[turn % 2]!
      const current = await api(`lots/${lot.id}`, cookie).catch(() => undefined)
      const next = current?.ok ? ((await current.json()) as LotDetail).minNextBid : 0
      if (next) {
        await api(`lots/${lot.id}/bids`, cookie, {
          method: 'POST',
          headers: { [IDEMPOTENCY_HEADER]: `bench-resume-${lot.id}-${turn}` },
          body: JSON.stringify({ amount: next }),
        }).catch(() => undefined)
      }
      await sleep(250)
    }
  })()

  const page: Page = await context.newPage()
  try {
    await page.goto(`${server.url}lots/${lot.id}`)
    await page.getByText('Live', { exact: true }).first().waitFor({ timeout: 15_000 })
    await sleep(2_000)
    await context.setOffline(true)
    const cutAt = Date.now()
    const wake =
      variant === 'device sleep + real-time restart'
        ? await sleepDevice(await context.newCDPSession(page), page)
        : undefined
    if (variant === 'API restart') {
      await server.halt()
      await sleep(3_000)
      await server.resume()
    } else if (variant !== 'network cut only') {
      await server.realtime!.halt()
      await sleep(3_000)
      await server.realtime!.resume()
    }
    await sleep(Math.max(0, CUT_MS - (Date.now() - cutAt)))
    bidding = false
    await war
    const truth = (await (await api(`lots/${lot.id}`, carol)).json()) as LotDetail
    const expected = await fullHistory(api, lot.id, carol)
    const euros = ((truth.currentPrice ?? 0) / 100).toFixed(2)

    const started = Date.now()
    await wake?.()
    await context.setOffline(false)
    await page.waitForFunction(
      ({ euros, expected }) => {
        if (!document.querySelector('[data-testid="lot-price"]')?.textContent?.includes(euros)) {
          return false
        }
        const shown = [...document.querySelectorAll('.history-list > li')]
          .map(
            (li) =>
              `${li.querySelector('.history-bidder')?.textContent ?? ''} @ ${li.querySelector('time')?.getAttribute('datetime') ?? ''}`,
          )
          .reverse()
        return shown.join('\n') === expected.join('\n')
      },
      { euros, expected },
      { polling: 'raf', timeout: 15_000 },
    )
    return Date.now() - started
  } finally {
    bidding = false
    await war
    await page.close()
  }
}

async function main() {
  const server = await startServer({ distDir: buildClient('bench'), separateRealtime: true })
  const browser = await launchBrowser()
  const results = new Map<Variant, number[]>()
  try {
    for (const variant of VARIANTS) {
      const times: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext()
        await context.request.post(`${server.url}api/auth/login`, {
          headers: API_HEADERS,
          data: { email: 'alice@lotline.test', password: 'lotline-demo' },
        })
        times.push(await measureOnce(server, context, variant, run))
        await context.close()
        console.log(`${variant} #${run + 1}: ${times.at(-1)} ms`)
      }
      results.set(
        variant,
        times.sort((a, b) => a - b),
      )
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  const rows = VARIANTS.map((variant) => {
    const times = results.get(variant) ?? []
    return `| ${variant} | ${percentile(times, 50)} | ${times.at(-1)} | ${times.join(', ')} |`
  })
  const worst = Math.max(...[...results.values()].flat())
  const body = `Command: \`npx tsx bench/resume.ts --runs ${RUNS} --cut ${CUT_MS / 1000} --write\` (production
build, real server and a separate real-time process on loopback, headless Chromium). Machine:
${machine()}.

A lot room is open while two members outbid each other every 250 ms through the API; the page's
network is cut for ${CUT_MS / 1000} s; per variant a service restarts during the cut (3 s down) or the
page is also hidden and frozen (device sleep). Time from the network's return until the room
shows the server's price and its exact full history (every bid, same order, no duplicate):

| variant | p50 ms | max ms | all runs (ms) |
| --- | ---: | ---: | --- |
${rows.join('\n')}

Budget (docs/product.md §8: ≤ 2,000 ms): **${worst <= 2000 ? 'met' : 'missed'}** — worst run ${worst} ms. The browser e2e
\`tests/e2e/resume.test.ts\` asserts the same journeys against the 2 s budget, plus the queued watch
toggle applied once and the indicator live again.`
  console.log(body)
  if (WRITE) await writeSection('Resume after the network returns (bench/resume.ts)', body)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
