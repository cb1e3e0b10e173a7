/**
 * A live show in real Chromium (issue 34, decision 0061): a host and two bidders on 390×844
 * phones run a three-lot show. The first lot sells in standard mode after a late bid extends its
 * clock, after one bidder dropped off and came back to the exact price; the second, in sudden
 * death, sells to an absentee maximum placed before the show and is not extended; the third is
 * skipped; chat goes both ways; a queued lot's page bids from the phone's bid bar. At the end each lot's result, the winner's receipt and every hold
 * are as the rules say.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { LotDetail, LotResult, Receipt } from '../../common/auction.ts'
import type { ShowDetail } from '../../common/shows.ts'
import {
  apiClient,
  buildClient,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, PHONE, registerMember, signedInPage } from './members.ts'

let server: RunningServer
const { api, login } = apiClient(() => server.url)
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
})
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {})
  await browser?.close()
  await server?.stop()
})

const PASSWORD = 'show host secret'

async function phone(email: string, password?: string) {
  const { context, page } = await signedInPage(browser, server.url, email, PHONE, password)
  contexts.push(context)
  return { context, page }
}

const json = async <T>(res: Response): Promise<T> => {
  expect(res.status, await res.clone().text()).toBeLessThan(300)
  return (await res.json()) as T
}
const lotNow = (id: string) => api(`lots/${id}`, '').then((r) => json<LotDetail>(r))
const showNow = (id: string) => api(`shows/${id}`, '').then((r) => json<ShowDetail>(r))
const walletOf = (cookie: string) =>
  api('wallet', cookie).then((r) => json<{ balance: number; held: number }>(r))

/** The lot on the block in a show room, by its heading. */
const onTheBlock = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: title }).waitFor({ timeout: 20_000 })

async function bidMinimum(page: Page) {
  const quick = page
    .getByTestId('bid-bar')
    .getByRole('button', { name: /^Bid €/ })
    .first()
  await quick.waitFor({ timeout: 15_000 })
  await quick.tap()
}

/** Waits until the scheduler has closed the lot (its clock ran out). */
async function closed(lotId: string) {
  await expect
    .poll(async () => (await lotNow(lotId)).status, { timeout: 40_000, interval: 500 })
    .not.toBe('open')
}

describe('a live show on phones (issue 34)', () => {
  it('runs three lots: standard with an extension, sudden death with an absentee maximum, one skipped', async () => {
    const host = await registerMember(api, 'Hana Host', PASSWORD)
    const startsAt = new Date(Date.now() + 3_600_000).toISOString()
    const endsAt = new Date(Date.now() + 2 * 3_600_000).toISOString()
    const [first, second, third] = [
      await createLot(api, host.cookie, 'Show lot one: brass lamp', { startsAt, endsAt }),
      await createLot(api, host.cookie, 'Show lot two: tin robot', { startsAt, endsAt }),
      await createLot(api, host.cookie, 'Show lot three: old map', { startsAt, endsAt }),
    ]
    const show = await json<ShowDetail>(
      await api('shows', host.cookie, {
        method: 'POST',
        body: JSON.stringify({
          title: 'E2E Sunday show',
          startsAt,
          lots: [
            { lotId: first.id, timerSeconds: 40, mode: 'standard' },
            { lotId: second.id, timerSeconds: 20, mode: 'sudden_death' },
            { lotId: third.id, timerSeconds: 30, mode: 'standard' },
          ],
        }),
      }),
    )
    const [alice, bob] = [await login('alice@lotline.test'), await login('bob@lotline.test')]
    const before = { alice: await walletOf(alice), bob: await walletOf(bob) }
    // Bob leaves a maximum on the second lot before the show: an absentee bid.
    const absentee = await api(`lots/${second.id}/bids`, bob, {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ maxAmount: 1_500 }),
    })
    expect(absentee.status).toBe(201)

    const hostPhone = await phone(host.email, PASSWORD)
    await hostPhone.page.goto(`${server.url}shows/${show.id}/host`)
    const alicePhone = await phone('alice@lotline.test')
    const bobPhone = await phone('bob@lotline.test')
    // A queued lot takes absentee bids: on a phone, from the bid bar, as an open lot does.
    await alicePhone.page.goto(`${server.url}lots/${third.id}`)
    const queuedBar = alicePhone.page.getByTestId('bid-bar')
    await queuedBar
      .getByRole('button', { name: /^Bid €/ })
      .first()
      .waitFor({ timeout: 15_000 })
    expect(await alicePhone.page.locator('.bid-form').count()).toBe(0)
    for (const { page } of [alicePhone, bobPhone]) {
      await page.goto(`${server.url}shows/${show.id}`)
      await page.getByTestId('show-scheduled').waitFor()
    }

    // The host starts the show and opens the first lot; both rooms follow without a reload.
    const hostPage = hostPhone.page
    await hostPage.getByRole('button', { name: 'Start show' }).tap()
    await hostPage.getByRole('button', { name: `Open next lot: ${first.title}` }).tap()
    await onTheBlock(alicePhone.page, first.title)
    await onTheBlock(bobPhone.page, first.title)
    // Everyone on the show's channel counts: the host console and the two rooms (sent every 3 s).
    for (const page of [hostPage, alicePhone.page]) {
      const viewers = () =>
        page
          .getByTestId('show-viewers')
          .textContent({ timeout: 1_000 })
          .catch(() => null)
      await expect.poll(viewers, { timeout: 15_000 }).toBe('3 watching')
    }

    // Chat both ways, live.
    // Once the lot's bidding has drawn: the phone's bid bar is fixed above the tab bar.
    await bobPhone.page.getByTestId('bid-bar').waitFor({ timeout: 15_000 })
    const composer = bobPhone.page.getByLabel('Message')
    await composer.fill('Hello from Bob')
    // The bid bar stays aside while the chat has the focus: the tap is Send's, not the bar's.
    await bobPhone.page.getByRole('button', { name: 'Send' }).tap()
    // Sent: the composer empties once the server has the message.
    await expect.poll(() => composer.inputValue(), { timeout: 15_000 }).toBe('')
    await alicePhone.page.getByTestId('chat-log').getByText('Hello from Bob').waitFor()
    await hostPage.getByTestId('chat-log').getByText('Hello from Bob').waitFor()

    // Alice bids; her phone drops off; Bob outbids her meanwhile; back online mid-lot, her room
    // shows the exact price and that she was outbid.
    await bidMinimum(alicePhone.page)
    await expect.poll(async () => (await lotNow(first.id)).bidCount, { timeout: 15_000 }).toBe(1)
    await alicePhone.context.setOffline(true)
    await bidMinimum(bobPhone.page)
    await expect.poll(async () => (await lotNow(first.id)).bidCount, { timeout: 15_000 }).toBe(2)
    const outbid = await lotNow(first.id)
    await alicePhone.context.setOffline(false)
    const aliceBar = alicePhone.page.getByTestId('bid-bar')
    await expect
      .poll(() => aliceBar.textContent(), { timeout: 15_000 })
      .toContain(`€${(outbid.currentPrice! / 100).toFixed(2)}`)
    await alicePhone.page.getByTestId('my-status').getByText('You were outbid').waitFor()

    // With less than the 10 s window left, Alice's bid resets the clock to 10 s (standard mode).
    const lateAt = new Date(outbid.endsAt).getTime() - 6_000
    expect(lateAt).toBeGreaterThan(Date.now())
    await new Promise((resolve) => setTimeout(resolve, lateAt - Date.now()))
    await bidMinimum(alicePhone.page)
    await expect
      .poll(async () => new Date((await lotNow(first.id)).endsAt).getTime(), { timeout: 10_000 })
      .toBeGreaterThan(new Date(outbid.endsAt).getTime())
    // Reset to the window from her bid, not extended by it.
    expect(new Date((await lotNow(first.id)).endsAt).getTime()).toBeLessThanOrEqual(
      Date.now() + 10_000,
    )
    await closed(first.id)
    // Between lots every room says what comes next, never the closed lot as running.
    await alicePhone.page.getByTestId('show-between').waitFor({ timeout: 15_000 })
    expect((await lotNow(first.id)).status).toBe('settled')

    // Sudden death: Bob's absentee maximum is honoured; a late bid does not move the clock.
    await hostPage.getByRole('button', { name: `Open next lot: ${second.title}` }).tap()
    await onTheBlock(alicePhone.page, second.title)
    const secondOpen = await lotNow(second.id)
    expect(secondOpen.softCloseSeconds).toBe(0)
    await bidMinimum(alicePhone.page)
    // Bob's maximum answers at once: Alice is outbid on her screen.
    await alicePhone.page
      .getByTestId('my-status')
      .getByText('You were outbid')
      .waitFor({ timeout: 10_000 })
    expect(new Date((await lotNow(second.id)).endsAt).getTime()).toBe(
      new Date(secondOpen.endsAt).getTime(),
    )
    await closed(second.id)

    // The third is skipped, then the show ends; every room shows the results.
    await hostPage.getByRole('button', { name: 'Skip next lot' }).tap()
    await hostPage
      .getByRole('group', { name: 'Skip lot' })
      .getByRole('button', { name: 'Skip lot' })
      .tap()
    await expect.poll(async () => (await lotNow(third.id)).status).toBe('cancelled')
    await hostPage.getByRole('button', { name: 'End show' }).tap()
    await hostPage
      .getByRole('group', { name: 'End show' })
      .getByRole('button', { name: 'End show' })
      .tap()
    for (const { page } of [alicePhone, bobPhone]) {
      await page.getByTestId('show-ended').waitFor({ timeout: 15_000 })
      const results = page.getByTestId('show-results')
      await results.getByText('Skipped').waitFor()
      expect(await results.getByText(/^Sold for €/).count()).toBe(2)
    }

    const ended = await showNow(show.id)
    expect(ended.state).toBe('ended')
    expect(ended.lots.map((l) => l.state)).toEqual(['done', 'done', 'skipped'])
    const [one, two] = [await lotNow(first.id), await lotNow(second.id)]
    // Alice won the first, Bob the second: each paid their price once, nobody holds anything.
    const after = { alice: await walletOf(alice), bob: await walletOf(bob) }
    expect(after.alice.held).toBe(0)
    expect(after.bob.held).toBe(0)
    expect(after.alice.balance).toBeLessThanOrEqual(before.alice.balance - one.currentPrice!)
    expect(after.bob.balance).toBeLessThanOrEqual(before.bob.balance - two.currentPrice!)
    expect(after.bob.balance).toBeGreaterThan(before.bob.balance - two.currentPrice! * 2)
    const won = await json<LotResult>(await api(`lots/${first.id}/result`, alice))
    expect(won).toMatchObject({ status: 'settled', viewer: 'winner', price: one.currentPrice })
    // The winner's result names his wallet entry, and its receipt prints the hammer price.
    const result = await json<LotResult>(await api(`lots/${second.id}/result`, bob))
    expect(result).toMatchObject({ status: 'settled', viewer: 'winner', price: two.currentPrice })
    const receipt = await json<Receipt>(await api(`wallet/receipts/${result.entryId}`, bob))
    expect(receipt.entryId).toBe(result.entryId)
  }, 240_000)
})
