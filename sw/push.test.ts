import { describe, expect, it, vi } from 'vitest'
import type { PushPayload } from '../common/push'
import {
  clickPath,
  clickPlan,
  notificationFor,
  parsePushPayload,
  shownInWindow,
  type WindowLike,
} from './push'
import { decodeServerKey, resubscribe } from './push-resubscribe'

const payload: PushPayload = {
  v: 1,
  kind: 'outbid',
  lotId: 'lot-7',
  title: 'Outbid on Clock',
  body: 'Someone bid €450.',
  path: 'lots/lot-7',
  icon: 'uploads/lot-7-320.webp',
  tag: 'lot:lot-7',
  renotify: true,
  bidAmount: 46000,
  actions: [
    { action: 'bid', title: 'Bid €460' },
    { action: 'open', title: 'Open' },
  ],
}

describe('push payload parsing', () => {
  it('reads a version 1 payload', () => {
    expect(parsePushPayload(JSON.stringify(payload))).toEqual(payload)
  })

  it('ignores an unknown version, a malformed body and an empty push', () => {
    expect(parsePushPayload(JSON.stringify({ ...payload, v: 2 }))).toBeNull()
    expect(parsePushPayload('{not json')).toBeNull()
    expect(parsePushPayload('"text"')).toBeNull()
    expect(parsePushPayload(null)).toBeNull()
    expect(parsePushPayload(JSON.stringify({ ...payload, title: 3 }))).toBeNull()
  })

  it('refuses paths that would leave the app, and drops such an icon', () => {
    for (const path of [
      'https://evil.example/x',
      '/lots/1',
      '//evil.example',
      'javascript:alert(1)',
    ])
      expect(parsePushPayload(JSON.stringify({ ...payload, path })), path).toBeNull()
    expect(
      parsePushPayload(JSON.stringify({ ...payload, icon: 'https://x.example/i.png' }))?.icon,
    ).toBeNull()
  })

  it('drops unknown actions, and "Bid" when there is no amount', () => {
    const parsed = parsePushPayload(
      JSON.stringify({
        ...payload,
        bidAmount: null,
        actions: [
          { action: 'bid', title: 'Bid' },
          { action: 'hack', title: 'x' },
          { action: 'open', title: 'Open' },
        ],
      }),
    )
    expect(parsed?.actions).toEqual([{ action: 'open', title: 'Open' }])
  })
})

describe('the notification shown', () => {
  for (const base of ['/', '/lotline/']) {
    const scope = new URL(`https://app.example${base}`)
    it(`resolves the icon and badge under ${base}`, () => {
      const { title, options } = notificationFor(payload, scope)
      expect(title).toBe('Outbid on Clock')
      expect(options.icon).toBe(`https://app.example${base}uploads/lot-7-320.webp`)
      expect(options.badge).toBe(`https://app.example${base}icons/icon-192.png`)
      expect(options).toMatchObject({
        body: 'Someone bid €450.',
        tag: 'lot:lot-7',
        renotify: true,
        data: { path: 'lots/lot-7', lotId: 'lot-7', bidAmount: 46000 },
        actions: payload.actions,
      })
      expect(notificationFor({ ...payload, icon: null }, scope).options.icon).toBe(
        `https://app.example${base}icons/icon-192.png`,
      )
    })
  }
})

describe('which address a click opens', () => {
  const data = { path: 'lots/lot-7', lotId: 'lot-7', bidAmount: 46000 }
  it('"Bid" opens the lot with the bid ready; the body or "Open" its path', () => {
    expect(clickPath(data, 'bid')).toBe('lots/lot-7?bid=46000')
    expect(clickPath(data, 'open')).toBe('lots/lot-7')
    expect(clickPath(data, '')).toBe('lots/lot-7')
    expect(clickPath({ ...data, bidAmount: null }, 'bid')).toBe('lots/lot-7')
    expect(clickPath({ path: 'wallet' }, '')).toBe('wallet')
  })
  it('falls back to the app home for missing or foreign paths', () => {
    expect(clickPath(null, '')).toBe('')
    expect(clickPath({ path: 'https://evil.example' }, '')).toBe('')
  })
  it('stays under the base path', () => {
    expect(new URL(clickPath(data, 'bid'), 'https://app.example/lotline/').href).toBe(
      'https://app.example/lotline/lots/lot-7?bid=46000',
    )
  })
})

const win = (url: string, visibilityState: DocumentVisibilityState = 'visible', focused = false) =>
  ({ url, visibilityState, focused }) satisfies WindowLike

describe('suppressed when a window shows the lot', () => {
  const scope = new URL('https://app.example/lotline/')
  it('a visible window on the lot (focused or not, with a query) takes it', () => {
    expect(
      shownInWindow(
        payload,
        [win('https://app.example/lotline/lots/lot-7', 'visible', true)],
        scope,
      ),
    ).toBe(true)
    expect(
      shownInWindow(payload, [win('https://app.example/lotline/lots/lot-7?bid=1')], scope),
    ).toBe(true)
  })
  it('a hidden window, another lot, another base or no lot: the system shows it', () => {
    expect(
      shownInWindow(payload, [win('https://app.example/lotline/lots/lot-7', 'hidden')], scope),
    ).toBe(false)
    expect(shownInWindow(payload, [win('https://app.example/lotline/lots/lot-8')], scope)).toBe(
      false,
    )
    expect(shownInWindow(payload, [win('https://app.example/lots/lot-7')], scope)).toBe(false)
    expect(
      shownInWindow({ ...payload, lotId: null }, [win('https://app.example/lotline/')], scope),
    ).toBe(false)
  })
})

describe('what a click does with the open windows', () => {
  const scope = new URL('https://app.example/')
  const target = new URL('https://app.example/lots/lot-7')
  it('focuses a window already there', () => {
    const there = win('https://app.example/lots/lot-7', 'hidden')
    expect(clickPlan(target, [win('https://app.example/'), there], scope)).toEqual({
      kind: 'focus',
      window: there,
    })
  })
  it('navigates a window on the lot when the bid must be brought', () => {
    const there = win('https://app.example/lots/lot-7')
    expect(clickPlan(new URL('https://app.example/lots/lot-7?bid=5'), [there], scope)).toEqual({
      kind: 'navigate',
      window: there,
    })
  })
  it('takes over an app window (the focused one first), else opens one', () => {
    const a = win('https://app.example/wallet', 'hidden')
    const b = win('https://app.example/', 'visible', true)
    expect(clickPlan(target, [a, b], scope)).toEqual({ kind: 'navigate', window: b })
    expect(clickPlan(target, [a], scope)).toEqual({ kind: 'navigate', window: a })
    expect(clickPlan(target, [win('https://other.example/')], scope)).toEqual({ kind: 'open' })
    expect(clickPlan(target, [], scope)).toEqual({ kind: 'open' })
  })
})

describe('pushsubscriptionchange', () => {
  const scope = new URL('https://app.example/lotline/')
  const newSub = {
    toJSON: () => ({ endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' } }),
  }

  it('re-subscribes with the old key and posts the new one with the async header', async () => {
    const key = new Uint8Array([4, 1, 2]).buffer
    const subscribe = vi.fn().mockResolvedValue(newSub)
    const fetch = vi.fn().mockResolvedValue(new Response(null, { status: 201 }))
    const old = { options: { applicationServerKey: key } } as unknown as PushSubscription
    expect(await resubscribe(old, { scope, pushManager: { subscribe }, fetch })).toBe(true)
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key })
    const [url, init] = fetch.mock.calls[0] as [URL, RequestInit]
    expect(url.href).toBe('https://app.example/lotline/api/push/subscriptions')
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/json' },
    })
    expect(JSON.parse(init.body as string)).toEqual(newSub.toJSON())
  })

  it('without the old key, reads it from the config; push off there, nothing', async () => {
    const subscribe = vi.fn().mockResolvedValue(newSub)
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ push: { publicKey: 'BAEC_-8' } }))
      .mockResolvedValueOnce(new Response(null, { status: 200 }))
    expect(await resubscribe(null, { scope, pushManager: { subscribe }, fetch })).toBe(true)
    expect((fetch.mock.calls[0] as [URL])[0].href).toBe('https://app.example/lotline/api/config')
    expect(subscribe.mock.calls[0]![0].applicationServerKey).toEqual(decodeServerKey('BAEC_-8'))

    const off = vi.fn().mockResolvedValue(Response.json({ push: null }))
    const never = vi.fn()
    expect(await resubscribe(null, { scope, pushManager: { subscribe: never }, fetch: off })).toBe(
      false,
    )
    expect(never).not.toHaveBeenCalled()
  })

  it('decodes base64url keys', () => {
    expect([...decodeServerKey('BAEC_-8')]).toEqual([4, 1, 2, 255, 239])
  })
})
