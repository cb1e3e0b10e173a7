import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultAlertPreferences } from '../../../common/alerts'
import { setLanguage } from '../../i18n'
import { json, mockApi, problem, type Handler } from '../../testing/http'
import { stubPush, stubUserAgent, unstubPush } from '../../testing/push-env'
import { renderWithApp } from '../../testing/render'
import { AlertsSection } from './AlertsSection'
import { refreshBrowserSubscription } from './browser'

// A real P-256 public key's length (65 bytes) in base64url.
const KEY = `B${'A'.repeat(86)}`
const config = (push: { publicKey: string } | null = { publicKey: KEY }) => ({
  realtime: {},
  stripe: { publishableKey: null },
  currency: 'EUR',
  serverTime: new Date().toISOString(),
  push,
})
const device = (id: string, current: boolean) => ({
  id,
  device: current ? 'Linux PC' : 'iPhone',
  browser: current ? 'Chrome 131' : 'Safari 18',
  createdAt: '2026-03-04T10:00:00Z',
  current,
})
const prefs = { outbid: true, endingSoon: true, result: true, topUp: true }
const alertChoices = defaultAlertPreferences()

async function open(routes: Record<string, Handler> = {}, push = config()) {
  await refreshBrowserSubscription()
  const api = mockApi({
    'GET /api/config': () => json(push),
    'GET /api/push/subscriptions': () => json({ items: [] }),
    'GET /api/push/preferences': () => json(prefs),
    'GET /api/me/alerts': () => json(alertChoices),
    ...routes,
  })
  renderWithApp(<AlertsSection />, { path: '/account' })
  return api
}
const state = async () => (await screen.findByTestId('push-state')).dataset.state

afterEach(() => {
  unstubPush()
  setLanguage('en')
})

describe('Account alerts (decision 0032)', () => {
  it('says when the browser cannot get alerts, and lists no devices without push', async () => {
    stubPush({ pushManager: false })
    await open()
    expect(await state()).toBe('unsupported')
    expect(screen.getByText(/This browser cannot show alerts/)).toBeTruthy()
  })

  it('on iPhone in a tab: explains the Home Screen step', async () => {
    stubPush({ pushManager: false })
    stubUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1')
    await open()
    expect(await state()).toBe('ios-home-screen')
    expect(screen.getByText(/Add to Home Screen/)).toBeTruthy()
  })

  it('push off on the server: says so, no devices, and the choices without a push column', async () => {
    stubPush()
    await open({}, config(null))
    expect(await state()).toBe('unconfigured')
    const grid = await screen.findByRole('table', { name: 'Tell me when' })
    expect(within(grid).queryByRole('columnheader', { name: 'Push' })).toBeNull()
    expect(within(grid).getByRole('checkbox', { name: 'I am outbid: E-mail' })).toBeTruthy()
    expect(screen.queryByText('Devices that get alerts')).toBeNull()
  })

  it('denied: explains the site settings and never offers to ask again', async () => {
    stubPush({ permission: 'denied' })
    await open()
    expect(await state()).toBe('denied')
    expect(screen.getByText(/open the site settings/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Turn on alerts on this device' })).toBeNull()
  })

  it('turns alerts on: asks, subscribes with the server key, registers in my language', async () => {
    const env = stubPush()
    setLanguage('es')
    let items = [device('d0', false)]
    const { requests } = await open({
      'GET /api/push/subscriptions': () => json({ items }),
      'POST /api/push/subscriptions': () => {
        items = [device('d1', true), ...items]
        return json(items[0], 201)
      },
    })
    // The other device is listed before this one is on.
    expect(await screen.findByText('Safari 18 en iPhone')).toBeTruthy()
    fireEvent.click(
      await screen.findByRole('button', { name: 'Activar alertas en este dispositivo' }),
    )
    await waitFor(async () => expect(await state()).toBe('on'))
    expect(env.requestPermission).toHaveBeenCalledOnce()
    expect(env.subscribe.mock.calls[0]![0]).toMatchObject({ userVisibleOnly: true })
    expect(
      new Uint8Array(env.subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array),
    ).toHaveLength(65)
    const post = requests.find((r) => r.method === 'POST')!
    expect(post.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(await post.clone().json()).toEqual({
      endpoint: 'https://push.example/send/abc',
      expirationTime: null,
      keys: { p256dh: 'BPk', auth: 'au' },
      lang: 'es',
    })
    const list = await screen.findByTestId('push-devices')
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    expect(within(list).getByText(/Este dispositivo/)).toBeTruthy()
  })

  it('a dismissed question leaves it off and says it can be turned on later', async () => {
    stubPush({ answer: 'default' })
    const { requests } = await open()
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on alerts on this device' }))
    expect(await screen.findByText(/Alerts were not turned on/)).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it('removing this device unsubscribes the browser; the choices save all four', async () => {
    const env = stubPush({ permission: 'granted', subscribed: true })
    const { requests } = await open({
      'GET /api/push/subscriptions': () => json({ items: [device('d1', true)] }),
      'DELETE /api/push/subscriptions/d1': () => new Response(null, { status: 204 }),
      'PUT /api/push/preferences': async (r) => json(await r.json()),
    })
    expect(await state()).toBe('on')
    const outbid = await screen.findByRole('checkbox', { name: 'I am outbid: Push' })
    fireEvent.click(outbid)
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true))
    const put = requests.find((r) => r.method === 'PUT')!
    expect(await put.clone().json()).toEqual({ ...prefs, outbid: false })
    expect((outbid as HTMLInputElement).checked).toBe(false)

    const remove = await screen.findByRole('button', { name: 'Remove Chrome 131 on Linux PC' })
    fireEvent.click(remove)
    expect(await screen.findByText('No device gets alerts yet.')).toBeTruthy()
    expect(env.state.subscription).toBeNull()
    expect(await state()).toBe('off')
    expect(localStorage.getItem('lotline.pushOff')).toBe('1')
  })

  it('a device list that fails to load says so with a retry', async () => {
    stubPush()
    await open({
      'GET /api/push/subscriptions': () => problem(403, 'forbidden', 'No.'),
    })
    expect(await screen.findByText('Your devices could not be loaded.')).toBeTruthy()
  })
})
