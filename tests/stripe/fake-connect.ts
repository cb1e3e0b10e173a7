/**
 * Stripe Connect on the loopback stand-in (tests/stripe/fake-stripe-api.ts routes to it): Express
 * accounts, Account Links with a tiny onboarding "page", Transfers and their reversals — through
 * the real `stripe` SDK — and the test levers money out needs: finish or half-finish onboarding,
 * reverse a transfer from Stripe's side, refuse the next transfer, drop responses after doing the
 * work (a crash between Stripe's answer and our write), and signed delivery of any event.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import Stripe from 'stripe'

export interface FakeAccount {
  id: string
  object: 'account'
  type: 'express'
  details_submitted: boolean
  payouts_enabled: boolean
  charges_enabled: boolean
  capabilities: { transfers: 'active' | 'inactive' }
  requirements: {
    currently_due: string[]
    eventually_due: string[]
    disabled_reason: string | null
  }
  metadata: Record<string, string>
  created: number
}

export interface FakeReversal {
  id: string
  object: 'transfer_reversal'
  amount: number
  currency: string
  transfer: string
  metadata: Record<string, string>
  created: number
}

export interface FakeTransfer {
  id: string
  object: 'transfer'
  amount: number
  amount_reversed: number
  currency: string
  destination: string
  metadata: Record<string, string>
  reversed: boolean
  reversals: { object: 'list'; data: FakeReversal[]; has_more: false; url: string }
  created: number
}

export interface SignedDelivery {
  body: string
  headers: Record<string, string>
  eventId: string
}

export interface FakeConnect {
  accounts: Map<string, FakeAccount>
  transfers: Map<string, FakeTransfer>
  /** Onboarding finished: details submitted, payouts enabled, nothing due. */
  completeAccount(id: string): FakeAccount
  /** Onboarding half done: details submitted but Stripe still wants `due`. */
  partlyCompleteAccount(id: string, due?: string[]): FakeAccount
  /** Stripe takes (part of) a transfer back on its own side; the reversal is returned. */
  reverseTransfer(id: string, amount?: number): FakeReversal
  /** The next `POST /v1/transfers` is refused with a 400 like Stripe's (default balance_insufficient). */
  failNextTransfer(code?: string, message?: string): void
  /** The next n requests are performed (state kept, idempotency stored) but their responses lost. */
  dropNextResponses(n?: number): void
  /** The transfer made for one of our payouts (its `metadata.payout_id`). */
  transferOfPayout(payoutId: string): FakeTransfer | undefined
  /** A signed webhook delivery of an event about any object, for app.inject. */
  signedEvent(
    type: string,
    object: object,
    options?: { eventId?: string; secret?: string },
  ): SignedDelivery
  /** The same, POSTed to `url`. */
  deliverEvent(url: string, type: string, object: object): Promise<Response>
  /** Arms dropping and serves the onboarding page; true when it answered the request itself. */
  intercept(req: IncomingMessage, res: ServerResponse, url: URL): boolean
  /** The Connect API; true when it answered. */
  handle(
    method: string,
    url: URL,
    params: Record<string, string>,
    send: (status: number, body: unknown) => void,
  ): boolean
}

const signer = new Stripe('sk_test_signer_only')

function rand() {
  return randomBytes(12).toString('hex')
}

function now() {
  return Math.floor(Date.now() / 1000)
}

function metadataOf(params: Record<string, string>) {
  const metadata: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    const m = /^metadata\[(.+)\]$/.exec(key)
    if (m?.[1]) metadata[m[1]] = value
  }
  return metadata
}

function problem(type: string, message: string, code?: string) {
  return { error: { type, message, ...(code ? { code } : {}) } }
}

const DUE_AT_START = ['business_type', 'external_account', 'tos_acceptance.date']

export function createFakeConnect(webhookSecret: string): FakeConnect {
  const accounts = new Map<string, FakeAccount>()
  const transfers = new Map<string, FakeTransfer>()
  const links = new Map<string, { account: string; returnUrl: string }>()
  let refuseNext: { code: string; message: string } | undefined
  let drops = 0

  const account = (id: string) => {
    const found = accounts.get(id)
    if (!found) throw new Error(`fake stripe: no account ${id}`)
    return found
  }
  const setState = (a: FakeAccount, ready: boolean, due: string[]) => {
    a.details_submitted = true
    a.payouts_enabled = ready
    a.charges_enabled = ready
    a.capabilities.transfers = ready ? 'active' : 'inactive'
    a.requirements.currently_due = due
    a.requirements.eventually_due = due
    return a
  }
  const reverse = (transfer: FakeTransfer, amount: number, metadata: Record<string, string>) => {
    const reversal: FakeReversal = {
      id: `trr_${rand()}`,
      object: 'transfer_reversal',
      amount,
      currency: transfer.currency,
      transfer: transfer.id,
      metadata,
      created: now(),
    }
    transfer.reversals.data.unshift(reversal)
    transfer.amount_reversed += amount
    transfer.reversed = transfer.amount_reversed === transfer.amount
    return reversal
  }
  const signedEvent = (
    type: string,
    object: object,
    options: { eventId?: string; secret?: string } = {},
  ) => {
    const eventId = options.eventId ?? `evt_${rand()}`
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2025-01-01',
      created: now(),
      livemode: false,
      type,
      data: { object: structuredClone(object) },
    })
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
    })
    return {
      eventId,
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    }
  }

  const createTransfer = (params: Record<string, string>): [number, unknown] => {
    const destination = accounts.get(params.destination ?? '')
    const amount = Number(params.amount)
    if (!Number.isSafeInteger(amount) || amount < 1) {
      return [400, problem('invalid_request_error', 'Invalid amount', 'parameter_invalid_integer')]
    }
    if (!destination) {
      return [400, problem('invalid_request_error', `No such destination: '${params.destination}'`)]
    }
    if (destination.capabilities.transfers !== 'active') {
      return [
        400,
        problem(
          'invalid_request_error',
          'Your destination account needs to have the transfers capability enabled.',
          'insufficient_capabilities_for_transfer',
        ),
      ]
    }
    if (refuseNext) {
      const { code, message } = refuseNext
      refuseNext = undefined
      return [400, problem('invalid_request_error', message, code)]
    }
    const id = `tr_${rand()}`
    const transfer: FakeTransfer = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: (params.currency ?? 'eur').toLowerCase(),
      destination: destination.id,
      metadata: metadataOf(params),
      reversed: false,
      reversals: {
        object: 'list',
        data: [],
        has_more: false,
        url: `/v1/transfers/${id}/reversals`,
      },
      created: now(),
    }
    transfers.set(id, transfer)
    return [200, transfer]
  }

  const api = (method: string, path: string, params: Record<string, string>): [number, unknown] => {
    if (method === 'POST' && path === '/v1/accounts') {
      const created: FakeAccount = {
        id: `acct_${rand().slice(0, 16)}`,
        object: 'account',
        type: 'express',
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: {
          currently_due: [...DUE_AT_START],
          eventually_due: [...DUE_AT_START],
          disabled_reason: 'requirements.past_due',
        },
        metadata: metadataOf(params),
        created: now(),
      }
      accounts.set(created.id, created)
      return [200, created]
    }
    const oneAccount = /^\/v1\/accounts\/([^/]+)$/.exec(path)
    if (method === 'GET' && oneAccount?.[1]) {
      const found = accounts.get(oneAccount[1])
      return found
        ? [200, found]
        : [404, problem('invalid_request_error', 'No such account', 'resource_missing')]
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const target = accounts.get(params.account ?? '')
      if (!target || !params.return_url || !params.refresh_url) {
        return [400, problem('invalid_request_error', 'Invalid account link request')]
      }
      const linkId = rand()
      links.set(linkId, { account: target.id, returnUrl: params.return_url })
      return [
        200,
        {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `${baseUrl}/connect/onboard/${target.id}?link=${linkId}`,
        },
      ]
    }
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(params)
    if (method === 'GET' && path === '/v1/transfers') {
      const data = [...transfers.values()]
        .filter((t) => !params.destination || t.destination === params.destination)
        .reverse()
      return [200, { object: 'list', data, has_more: false, url: '/v1/transfers' }]
    }
    const oneTransfer = /^\/v1\/transfers\/([^/]+)(\/reversals)?$/.exec(path)
    const transfer = oneTransfer?.[1] ? transfers.get(oneTransfer[1]) : undefined
    if (oneTransfer && !transfer) {
      return [404, problem('invalid_request_error', 'No such transfer', 'resource_missing')]
    }
    if (transfer && method === 'GET') {
      return [200, oneTransfer![2] ? transfer.reversals : transfer]
    }
    if (transfer && method === 'POST' && oneTransfer![2]) {
      const amount = params.amount
        ? Number(params.amount)
        : transfer.amount - transfer.amount_reversed
      if (!(amount > 0) || transfer.amount_reversed + amount > transfer.amount) {
        return [400, problem('invalid_request_error', 'Amount exceeds what is left to reverse')]
      }
      return [200, reverse(transfer, amount, metadataOf(params))]
    }
    return [0, undefined]
  }

  let baseUrl = ''
  return {
    accounts,
    transfers,
    completeAccount: (id) => setState(account(id), true, []),
    partlyCompleteAccount: (id, due = ['external_account']) => setState(account(id), false, due),
    reverseTransfer(id, amount) {
      const transfer = transfers.get(id)
      if (!transfer) throw new Error(`fake stripe: no transfer ${id}`)
      return reverse(transfer, amount ?? transfer.amount - transfer.amount_reversed, {})
    },
    failNextTransfer(code = 'balance_insufficient', message) {
      refuseNext = {
        code,
        message: message ?? 'You have insufficient available funds in your Stripe account.',
      }
    },
    dropNextResponses(n = 1) {
      drops = n
    },
    transferOfPayout: (payoutId) =>
      [...transfers.values()].find((t) => t.metadata.payout_id === payoutId),
    signedEvent,
    async deliverEvent(url, type, object) {
      const { body, headers } = signedEvent(type, object)
      return fetch(url, { method: 'POST', headers, body })
    },
    intercept(req, res, url) {
      baseUrl = `http://${req.headers.host}`
      const onboard = /^\/connect\/onboard\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'GET' && onboard?.[1]) {
        const link = links.get(url.searchParams.get('link') ?? '')
        if (!link || link.account !== onboard[1]) {
          res.writeHead(404, { 'content-type': 'text/plain' })
          res.end('This link has expired.')
          return true
        }
        setState(account(link.account), true, [])
        res.writeHead(302, { location: link.returnUrl })
        res.end()
        return true
      }
      if (drops > 0) {
        drops -= 1
        // The work happens and is remembered under its idempotency key; only the answer is lost.
        res.end = (() => {
          res.socket?.destroy()
          return res
        }) as typeof res.end
      }
      return false
    },
    handle(method, url, params, send) {
      const [status, body] = api(method, url.pathname, params)
      if (status === 0) return false
      send(status, body)
      return true
    },
  }
}
