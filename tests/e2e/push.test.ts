/**
 * Alerts on a closed app (decision 0032) in real Chromium against the real server: the member
 * turns alerts on from Account through the page's own code, the server stores the device, the
 * real service worker gets a push through CDP and shows it — or not, when a visible window shows
 * that lot — and a notification click brings the app window to the lot (with the bid ready); in
 * a second browser, the offer after a bid that went through turns alerts on. All under a base
 * path (/lotline/), so every address the worker makes must keep it.
 *
 * Replaced at the one boundary a test cannot reach: the browser's call to its push service.
 * `PushManager.prototype.subscribe/getSubscription` return a subscription-like object with an
 * https endpoint on a host the server is told to allow (PUSH_ENDPOINT_HOSTS) and real P-256 keys.
 *
 * Not drivable here: a real click on a system notification (Chromium has no CDP command for it).
 * The click is a NotificationEvent dispatched in the worker, which has no user activation, so
 * `clients.openWindow` and `WindowClient.focus` are refused; the test drives the path that needs
 * neither (navigating an app window already open) and leaves opening a new window to unit tests.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core'
import type { PushPayload } from '../../common/push.ts'
import { startPushService, type PushService } from '../server/push-service.ts'
import { expectAccessible } from './a11y.ts'
import {
  API_HEADERS,
  apiClient,
  buildClient,
  launchBrowser,
  sleep,
  startServer,
  waitFor,
  type RunningServer,
} from './harness.ts'
import { createLot, placeBid, registerMember, signIn } from './members.ts'

const PUSH_HOST = 'push.lotline.test'
const BASE_PATH = '/lotline/'
let server: RunningServer
const { api, login: demoLogin } = apiClient(() => server.url)
let browser: Browser
let context: BrowserContext
let page: Page
// The HTTPS push-service stand-in: the server's worker really sends to it (its certificate is
// trusted through NODE_EXTRA_CA_CERTS), and it decrypts what arrives with the subscriber's keys.
let pushService: PushService
let certDir = ''

beforeAll(async () => {
  pushService = await startPushService()
  certDir = await mkdtemp(join(tmpdir(), 'lotline-push-ca-'))
  await writeFile(join(certDir, 'stand-in.pem'), pushService.cert)
  // Under a base path: every address the worker makes (icon, badge, click) must keep it.
  server = await startServer({
    distDir: buildClient('push', { BASE_PATH }),
    env: {
      BASE_PATH,
      PUSH_ENDPOINT_HOSTS: `${PUSH_HOST},${pushService.host}`,
      NODE_EXTRA_CA_CERTS: join(certDir, 'stand-in.pem'),
    },
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await pushService?.close()
  if (certDir) await rm(certDir, { recursive: true, force: true })
})

const PASSWORD = 'push alerts secret'
const b64url = (bytes: Buffer) => bytes.toString('base64url')

/** A new member through the API or, given a context's `request`, signed up in its jar. */
async function register(name: string, request?: BrowserContext['request']) {
  if (!request) return registerMember(api, name, PASSWORD)
  const email = `e2e-${randomUUID().slice(0, 8)}@lotline.test`
  const res = await request.post(`${server.url}api/auth/register`, {
    headers: API_HEADERS,
    data: { name, email, password: PASSWORD },
  })
  expect(res.status()).toBe(201)
  return { email, cookie: '' }
}

/**
 * Stands in for the browser's push service: subscribe() answers with this endpoint and keys,
 * kept in localStorage so a reload finds the same subscription, as the real one would.
 */
function fakePushService(endpoint: string, p256dh: string, auth: string) {
  return `(() => {
    const STORE = '__fakePushSubscription'
    const make = (keyBytes) => ({
      endpoint: ${JSON.stringify(endpoint)},
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(keyBytes).buffer },
      getKey: () => null,
      toJSON() {
        return { endpoint: this.endpoint, expirationTime: null,
          keys: { p256dh: ${JSON.stringify(p256dh)}, auth: ${JSON.stringify(auth)} } }
      },
      async unsubscribe() {
        localStorage.removeItem(STORE)
        localStorage.setItem('__fakePushUnsubscribed', '1')
        return true
      },
    })
    PushManager.prototype.getSubscription = async function () {
      const saved = localStorage.getItem(STORE)
      return saved ? make(JSON.parse(saved)) : null
    }
    PushManager.prototype.subscribe = async function (options) {
      if (Notification.permission !== 'granted') throw new DOMException('denied', 'NotAllowedError')
      const key = Array.from(new Uint8Array(options.applicationServerKey.buffer ?? options.applicationServerKey))
      localStorage.setItem(STORE, JSON.stringify(key))
      return make(key)
    }
  })()`
}

/** What the worker's registration shows, read from the page. */
const shown = (p: Page) =>
  p.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const list = await registration.getNotifications()
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
      actions: (n as Notification & { actions?: Array<{ action: string }> }).actions?.map(
        (a) => a.action,
      ),
    }))
  })

async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  let id: string | undefined
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const r of registrations) if (r.scopeURL === scope && !r.isDeleted) id = r.registrationId
  })
  await cdp.send('ServiceWorker.enable')
  await waitFor(async () => id !== undefined, 10_000)
  return id!
}

describe('Web Push alerts', () => {
  let lotId = ''

  it('turn on in Account → device stored; a push shows unless the lot is on screen; a click opens the lot', async () => {
    // A lot by another member, so this member can bid on it.
    const seller = await register('Push Seller')
    lotId = (
      await createLot(api, seller.cookie, 'Brass ship clock', { description: 'Keeps time.' })
    ).id

    const origin = new URL(server.url).origin
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.grantPermissions(['notifications'], { origin })
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const p256dh = b64url(ecdh.getPublicKey())
    expect(ecdh.getPublicKey()).toHaveLength(65)
    const endpoint = `https://${PUSH_HOST}/send/${randomUUID()}`
    await context.addInitScript(fakePushService(endpoint, p256dh, b64url(randomBytes(16))))
    await register('Push Member', context.request)
    page = await context.newPage()

    // --- Account: turn alerts on through the page's own code ---
    expect(server.url).toMatch(/\/lotline\/$/)
    await page.goto(`${server.url}account`)
    const state = page.getByTestId('push-state')
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 20_000 }).toBe('off')
    await page.getByRole('button', { name: 'Turn on alerts on this device' }).click()
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 20_000 }).toBe('on')
    const devices = page.getByTestId('push-devices')
    await devices.getByText('This device').waitFor()
    await expectAccessible(page, 'account with alerts on')

    // The server has it, for this member and session, in the UI's language.
    const listed = await context.request.get(`${server.url}api/push/subscriptions`)
    expect(listed.status()).toBe(200)
    const { items } = (await listed.json()) as { items: Array<{ current: boolean }> }
    expect(items).toHaveLength(1)
    expect(items[0]!.current).toBe(true)

    // --- a push through CDP to the real worker ---
    const cdp = await context.newCDPSession(page)
    const id = await registrationId(cdp, server.url)
    const payload: PushPayload = {
      v: 1,
      kind: 'outbid',
      lotId,
      title: 'Outbid on Brass ship clock',
      body: 'Someone bid €20.00.',
      path: `lots/${lotId}`,
      icon: null,
      tag: `lot:${lotId}`,
      renotify: true,
      bidAmount: 2100,
      actions: [
        { action: 'bid', title: 'Bid €21.00' },
        { action: 'open', title: 'Open' },
      ],
    }
    const push = (data: PushPayload) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: id,
        data: JSON.stringify(data),
      })

    // A visible window on that lot: the in-app toast says it, the system shows nothing.
    await page.goto(`${server.url}lots/${lotId}`)
    await page.getByRole('heading', { name: 'Brass ship clock' }).waitFor()
    await push(payload)
    // The same push for another lot is shown: proof the worker ran and decided per lot.
    // Delivered again (same tag, so at most one shows) if the first delivery is not shown in 8 s:
    // a CI loaded by four suites once lost a DevTools delivery to a worker that was starting.
    const other = { ...payload, lotId: randomUUID(), tag: 'lot:other', title: 'Other lot' }
    const otherShown = async () => (await shown(page)).some((n) => n.tag === other.tag)
    for (let attempt = 0; attempt < 3 && !(await otherShown()); attempt += 1) {
      await push(other)
      await waitFor(otherShown, 8_000).catch(() => undefined)
    }
    await expect.poll(async () => (await shown(page)).map((n) => n.title)).toEqual(['Other lot'])
    // Not merely late: the suppressed one never comes.
    await sleep(1000)
    expect((await shown(page)).map((n) => n.title)).toEqual(['Other lot'])

    // Elsewhere in the app: the notification shows, icon and badge under the scope.
    await page.goto(`${server.url}account`)
    await state.waitFor()
    await push(payload)
    await expect
      .poll(async () => (await shown(page)).find((n) => n.tag === payload.tag))
      .toMatchObject({
        title: 'Outbid on Brass ship clock',
        body: 'Someone bid €20.00.',
        icon: `${server.url}icons/icon-192.png`,
        data: { path: `lots/${lotId}`, lotId, bidAmount: 2100 },
        actions: ['bid', 'open'],
      })

    // --- the click: "Bid" brings this app window to the lot with the review ready ---
    const worker: Worker =
      context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
    await worker.evaluate(async (tag) => {
      // Worker globals, typed by hand: this file is compiled with the DOM library.
      type Scope = {
        registration: { getNotifications(filter: { tag: string }): Promise<Notification[]> }
        dispatchEvent(event: Event): boolean
      }
      type NotificationEventInit = { notification: Notification; action: string }
      const sw = self as unknown as Scope
      const Click = (
        self as unknown as {
          NotificationEvent: new (type: string, init: NotificationEventInit) => Event
        }
      ).NotificationEvent
      const [notification] = await sw.registration.getNotifications({ tag })
      sw.dispatchEvent(
        new Click('notificationclick', { notification: notification!, action: 'bid' }),
      )
    }, payload.tag)
    await page.waitForURL(`${server.url}lots/${lotId}`, { timeout: 20_000 })
    await page.getByTestId('bid-review').waitFor()
    await page.getByRole('button', { name: 'Confirm bid €21.00' }).waitFor()
    // The click closed it.
    await expect
      .poll(async () => (await shown(page)).some((n) => n.tag === payload.tag))
      .toBe(false)

    // --- signing out drops this browser's subscription, and the server's row with the session ---
    await page.keyboard.press('Escape')
    await page.goto(`${server.url}account`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(server.url)
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('__fakePushUnsubscribed')))
      .toBe('1')
  })

  it('after a bid went through, the lot room offers alerts once; "Turn on" registers the device', async () => {
    expect(lotId).not.toBe('')
    // A demo member with money in the wallet; the browser has never been asked (permission default).
    const bidder = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      await bidder.addInitScript(
        fakePushService(
          `https://${PUSH_HOST}/send/${randomUUID()}`,
          b64url(ecdh.getPublicKey()),
          b64url(randomBytes(16)),
        ),
      )
      await signIn(bidder.request, server.url, 'alice@lotline.test')
      const room = await bidder.newPage()
      await room.goto(`${server.url}lots/${lotId}`)
      await room.getByRole('heading', { name: 'Brass ship clock' }).waitFor()
      const offer = room.getByRole('region', { name: 'Get an alert if you’re outbid?' })
      expect(await offer.count()).toBe(0)
      await room.getByRole('button', { name: 'Bid €10.00' }).click()
      await room.getByText('Bid placed. You are leading at €10.00.').waitFor()
      await offer.waitFor()
      await expectAccessible(room, 'lot room with the alerts offer')
      // The member allows it when the browser asks (the test answers for the browser's prompt).
      await bidder.grantPermissions(['notifications'], { origin: new URL(server.url).origin })
      await offer.getByRole('button', { name: 'Turn on' }).click()
      await room.getByText('Alerts are on for this device.').waitFor()
      const listed = await bidder.request.get(`${server.url}api/push/subscriptions`)
      const { items } = (await listed.json()) as { items: Array<{ current: boolean }> }
      expect(items.map((d) => d.current)).toEqual([true])
      expect(await room.evaluate(() => localStorage.getItem('lotline.pushAsked'))).toBe('on')
    } finally {
      await bidder.close()
    }
  })
})

/** A member with a session of their own beside any browser, and money to bid with. */
async function member(name: string, credit = 0) {
  const registered = await registerMember(api, name, PASSWORD)
  if (credit) {
    const credited = await api(`admin/wallets/${registered.id}/adjustments`, await adminCookie(), {
      method: 'POST',
      headers: { 'Idempotency-Key': `push-e2e-${randomUUID()}` },
      body: JSON.stringify({ amount: credit, reason: 'Push test money' }),
    })
    expect(credited.status).toBe(201)
  }
  return registered
}
let admin: string | undefined
const adminCookie = async () => (admin ??= await demoLogin('admin@lotline.test'))

/** How many devices the server lists to this member. */
async function devicesOf(cookie: string) {
  const res = await api('push/subscriptions', cookie)
  expect(res.status).toBe(200)
  return ((await res.json()) as { items: unknown[] }).items.length
}

const newLot = async (sellerCookie: string, title: string) =>
  (await createLot(api, sellerCookie, title, { description: 'For the alerts test.' })).id

const bidAs = (cookie: string, lotId: string, amount: number) =>
  placeBid(api, cookie, lotId, { amount })

/**
 * The browser's push service is the HTTPS stand-in: subscribe() asks it for a real subscription
 * (an endpoint the server may send to, keys it decrypts with) and unsubscribe() tells it to
 * answer 410 from then on, as a real push service does for a dropped subscription. One
 * subscription per browser, kept in localStorage across reloads, as the browser keeps it.
 */
const STAND_IN_STORE = '__standInPushSubscription'
async function useStandIn(ctx: BrowserContext) {
  await ctx.exposeFunction('__standInSubscribe', () => pushService.subscribe())
  await ctx.exposeFunction('__standInForget', (id: string) => pushService.forget(id))
  await ctx.addInitScript(`(() => {
    const STORE = ${JSON.stringify(STAND_IN_STORE)}
    const make = (saved) => ({
      endpoint: saved.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(saved.key).buffer },
      getKey: () => null,
      toJSON: () => ({ endpoint: saved.endpoint, expirationTime: null, keys: saved.keys }),
      async unsubscribe() {
        const now = JSON.parse(localStorage.getItem(STORE) ?? 'null')
        if (now?.id === saved.id) localStorage.removeItem(STORE)
        await window.__standInForget(saved.id)
        return true
      },
    })
    const stored = () => JSON.parse(localStorage.getItem(STORE) ?? 'null')
    PushManager.prototype.getSubscription = async function () {
      const saved = stored()
      return saved ? make(saved) : null
    }
    let pending = null
    PushManager.prototype.subscribe = function (options) {
      if (Notification.permission !== 'granted')
        return Promise.reject(new DOMException('denied', 'NotAllowedError'))
      pending ??= (async () => {
        // Like the browser: the subscription it has for this key, else a new one.
        const existing = stored()
        if (existing) return make(existing)
        const sub = await window.__standInSubscribe()
        const key = Array.from(new Uint8Array(options.applicationServerKey.buffer ?? options.applicationServerKey))
        const saved = { id: sub.id, endpoint: sub.endpoint, keys: sub.keys, key }
        localStorage.setItem(STORE, JSON.stringify(saved))
        return make(saved)
      })().finally(() => { pending = null })
      return pending
    }
  })()`)
}

/** The stand-in subscription this browser holds now (null: none). */
const heldHere = (p: Page) =>
  p.evaluate(
    (store) => JSON.parse(localStorage.getItem(store) ?? 'null') as { id: string } | null,
    STAND_IN_STORE,
  )

async function signInHere(p: Page, email: string) {
  await p.goto(`${server.url}sign-in`)
  await p.getByLabel('Email').fill(email)
  await p.getByLabel('Password').fill(PASSWORD)
  await p.getByLabel('Password').press('Enter')
  await p.waitForURL((url) => !url.pathname.endsWith('/sign-in'))
}

/**
 * Account → alerts on for this device. With the site's permission already granted, start-up may
 * have turned them on by itself (decision 0032); the button is pressed only when it has not.
 */
async function alertsOnHere(p: Page) {
  await p.goto(`${server.url}account`)
  const state = p.getByTestId('push-state')
  const now = () => state.getAttribute('data-state')
  await expect.poll(now, { timeout: 20_000 }).toMatch(/^(on|off)$/)
  // Start-up may turn them on while the screen shows "off" (the button then leaves the page under
  // the click): press it only while it is there, until the state is on.
  const turnOn = p.getByRole('button', { name: 'Turn on alerts on this device' })
  await expect
    .poll(
      async () => {
        if ((await now()) === 'off') await turnOn.click({ timeout: 2_000 }).catch(() => {})
        return now()
      },
      { timeout: 30_000 },
    )
    .toBe('on')
}

const deliveredTo = (subscriptionId: string) =>
  pushService.deliveries
    .filter((d) => d.subscriptionId === subscriptionId)
    .map((d) => d.payload as PushPayload)

describe('a browser shared by two members (a subscription never moves between members)', () => {
  it('Alice signs out, Bob signs in on the same browser: each gets only their own alerts', async () => {
    const seller = await member('Shared Seller')
    const alice = await member('Shared Alice', 100_000)
    const bob = await member('Shared Bob', 100_000)
    // Alice also has her phone: alerts for her must keep reaching it.
    const alicePhone = pushService.subscribe()
    const phone = await api('push/subscriptions', alice.cookie, {
      method: 'POST',
      body: JSON.stringify({ endpoint: alicePhone.endpoint, keys: alicePhone.keys }),
    })
    expect(phone.status).toBe(201)

    const shared = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      await shared.grantPermissions(['notifications'], { origin: new URL(server.url).origin })
      await useStandIn(shared)
      const p = await shared.newPage()
      await signInHere(p, alice.email)
      await alertsOnHere(p)
      const alicesHere = (await heldHere(p))!
      expect(alicesHere).not.toBeNull()
      await expect.poll(() => devicesOf(alice.cookie)).toBe(2)

      // Signing out needs the server: offline the button waits, back online it works.
      await p.getByRole('heading', { name: 'Your account' }).waitFor()
      const signOut = p.getByRole('button', { name: 'Sign out' })
      await shared.setOffline(true)
      await expect.poll(() => signOut.isDisabled()).toBe(true)
      await shared.setOffline(false)
      await expect.poll(() => signOut.isDisabled()).toBe(false)
      await signOut.click()
      await p.getByText('You are signed out.').waitFor()
      // The server dropped this browser's device with the session, the browser its subscription.
      expect(await heldHere(p)).toBeNull()
      expect(await devicesOf(alice.cookie)).toBe(1)

      await signInHere(p, bob.email)
      await alertsOnHere(p)
      const bobsHere = (await heldHere(p))!
      expect(bobsHere.id).not.toBe(alicesHere.id)
      await expect.poll(() => devicesOf(bob.cookie)).toBe(1)

      // Alice is outbid by Bob, then Bob by Alice: one push each, each to their own device.
      const lotId = await newLot(seller.cookie, 'Shared brass lamp')
      const before = pushService.deliveries.length
      await bidAs(alice.cookie, lotId, 1_000)
      await bidAs(bob.cookie, lotId, 2_000)
      await pushService.waitFor(before + 1, 15_000)
      await bidAs(alice.cookie, lotId, 3_000)
      await pushService.waitFor(before + 2, 15_000)
      expect(deliveredTo(alicePhone.id)).toMatchObject([{ kind: 'outbid', lotId }])
      expect(deliveredTo(bobsHere.id)).toMatchObject([{ kind: 'outbid', lotId }])
      expect(deliveredTo(alicesHere.id)).toEqual([])
      expect(pushService.refusals).toEqual([])
    } finally {
      await shared.close()
    }
  })

  it('an endpoint the server keeps for another member: this browser gets a fresh one for whoever is signed in', async () => {
    const seller = await member('Taken Seller')
    const carol = await member('Taken Carol')
    const dave = await member('Taken Dave', 100_000)
    const rival = await member('Taken Rival', 100_000)
    // This browser still holds Carol's subscription (her sign-out never reached the server),
    // and the server has it for Carol.
    const carols = pushService.subscribe()
    const held = await api('push/subscriptions', carol.cookie, {
      method: 'POST',
      body: JSON.stringify({ endpoint: carols.endpoint, keys: carols.keys }),
    })
    expect(held.status).toBe(201)
    const config = (await (await api('config', '')).json()) as { push: { publicKey: string } }
    const serverKey = Array.from(Buffer.from(config.push.publicKey, 'base64url'))

    const taken = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      await taken.grantPermissions(['notifications'], { origin: new URL(server.url).origin })
      await useStandIn(taken)
      await taken.addInitScript(
        ([store, saved]) => {
          if (localStorage.getItem('__seeded')) return
          localStorage.setItem('__seeded', '1')
          localStorage.setItem(store, JSON.stringify(saved))
        },
        [STAND_IN_STORE, { ...carols, key: serverKey }] as const,
      )
      const p = await taken.newPage()
      const answers: number[] = []
      p.on('response', (res) => {
        const req = res.request()
        if (req.method() === 'POST' && req.url().endsWith('api/push/subscriptions'))
          answers.push(res.status())
      })
      // Start-up after signing in registers this browser (the site's permission is granted).
      await signInHere(p, dave.email)
      // Refused once, then a fresh endpoint registered: once, no loop.
      await expect.poll(() => answers, { timeout: 20_000 }).toEqual([409, 201])
      const daves = (await heldHere(p))!
      expect(daves.id).not.toBe(carols.id)
      expect(await devicesOf(dave.cookie)).toBe(1)
      // Nothing of Carol's was changed by Dave's refused request.
      expect(await devicesOf(carol.cookie)).toBe(1)

      // Dave is outbid: the push goes to his fresh endpoint, none to the one Carol held.
      const lotId = await newLot(seller.cookie, 'Taken brass lamp')
      const before = pushService.deliveries.length
      await bidAs(dave.cookie, lotId, 1_000)
      await bidAs(rival.cookie, lotId, 2_000)
      await pushService.waitFor(before + 1, 15_000)
      expect(deliveredTo(daves.id)).toMatchObject([{ kind: 'outbid', lotId }])
      expect(deliveredTo(carols.id)).toEqual([])
      expect(answers).toEqual([409, 201])
    } finally {
      await taken.close()
    }
  })
})
