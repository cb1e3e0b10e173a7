/**
 * Set-up the browser suites share (issue 28): a member signed in on a browser context, members
 * registered, lots listed and bids placed through the HTTP API beside the browser. One copy of
 * each, so a change to signing in or to what a lot needs is made once, not in every file.
 */
import { randomUUID } from 'node:crypto'
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from 'playwright-core'
import { expect } from 'vitest'
import { API_HEADERS, DEMO_PASSWORD, type apiClient } from './harness.ts'

/** A phone (390×844, touch) and a desktop window, as the suites open them. */
/** Chrome on an Android phone, as a real phone tells the server (which then sends its layout). */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  userAgent: PHONE_UA,
}
export const DESKTOP = { viewport: { width: 1280, height: 800 } }

/** `apiClient(...).api`: a request to the server's API with a session cookie. */
type Api = ReturnType<typeof apiClient>['api']

/**
 * Signs `email` in through a context's own request client: the session cookie lands in that
 * context's jar, so its pages are signed in. `url` is the server's (ends with its base path).
 */
export async function signIn(
  request: APIRequestContext,
  url: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const res = await request.post(`${url}api/auth/login`, {
    headers: API_HEADERS,
    data: { email, password },
  })
  expect(res.status()).toBe(200)
}

/** A new browser context (`device`'s options), signed in as `email`, and a page in it. */
export async function signedInPage(
  browser: Browser,
  url: string,
  email: string,
  device: BrowserContextOptions = {},
  password = DEMO_PASSWORD,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(device)
  await signIn(context.request, url, email, password)
  return { context, page: await context.newPage() }
}

/** A new member at a fresh address, through the API: its id, address and session cookie. */
export async function registerMember(
  api: Api,
  name: string,
  password: string,
): Promise<{ id: string; email: string; cookie: string }> {
  const email = `e2e-${randomUUID().slice(0, 8)}@lotline.test`
  const res = await api('auth/register', '', {
    method: 'POST',
    body: JSON.stringify({ name, email, password }),
  })
  expect(res.status).toBe(201)
  const { user } = (await res.json()) as { user: { id: string } }
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
  await verifyByMail(api, email)
  return { id: user.id, email, cookie }
}

/**
 * Verifies `email` as its owner does (decision 0054): the newest verification mail the server
 * kept (local mode's /dev/mail.json) holds the link; its token is posted as the app's
 * /verify-email screen posts it. Suites about something else need verified members to top up.
 */
export async function verifyByMail(api: Api, email: string): Promise<void> {
  // `api` prefixes `api/`: the kept mail is at the server's root.
  const kept = (await (await api('../dev/mail.json', '')).json()) as {
    items: Array<{ toAddress: string; kind: string; text: string }>
  }
  const mail = kept.items.find((m) => m.toAddress === email && m.kind === 'verify_email')
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1]
  if (!token) throw new Error(`no verification mail to ${email}`)
  const res = await api('auth/verify-email', '', {
    method: 'POST',
    body: JSON.stringify({ token }),
  })
  expect(res.status).toBe(204)
}

/** What the server answers to a new lot, as far as the suites read it. */
export interface CreatedLot {
  id: string
  title: string
  endsAt: string
}

/**
 * Lists a lot as the member whose session `cookie` is: category "other", from €10.00, ending in
 * an hour, unless `fields` say otherwise. Returns the lot as the server answered.
 */
export async function createLot(
  api: Api,
  cookie: string,
  title: string,
  fields: Record<string, unknown> = {},
): Promise<CreatedLot> {
  const res = await api('lots', cookie, {
    method: 'POST',
    body: JSON.stringify({
      title,
      category: 'other',
      startingPrice: 1000,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      delivery: { pickup: { town: 'Madrid' } },
      ...fields,
    }),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as CreatedLot
}

/** A bid through the API (`body`: amount, maybe maxAmount), under a fresh Idempotency-Key. */
export async function placeBid(
  api: Api,
  cookie: string,
  lotId: string,
  body: Record<string, unknown>,
): Promise<void> {
  const res = await api(`lots/${lotId}/bids`, cookie, {
    method: 'POST',
    headers: { 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
}
