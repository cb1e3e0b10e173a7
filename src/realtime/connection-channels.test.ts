import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakePusher, REALTIME_CONFIG, fakePusherClass } from '../testing/fake-pusher'
import type { AnyRule } from './bridge'
import { RealtimeClient, USER_CHANNEL, type PresenceMember } from './connection'

/**
 * What the screens get from the channels they use (connection.ts, channel-feed.ts): one
 * subscription per channel however many screens use it, its events in the query cache through
 * the bridge's rules, a refetch after a re-subscription, presence members, and the signed-in
 * user's own events.
 */
const running: RealtimeClient[] = []
afterEach(() => {
  for (const client of running.splice(0)) client.stop()
})

function rules() {
  const bidPlaced = {
    channel: /^lot\.(?<id>\d+)$/,
    event: 'bid.placed',
    queryKey: (_data: unknown, params: { id: string }) => ['lot', params.id],
    gapKeys: (params: { id: string }) => [['lot', params.id]],
    notify: vi.fn(),
  }
  const walletChanged = {
    channel: new RegExp(`^${USER_CHANNEL}$`),
    event: 'wallet.changed',
    queryKey: () => ['wallet'],
    notify: vi.fn(),
  }
  /** Protocol frames are pusher-js's business: a rule naming one must never hear it. */
  const protocol = ['pusher:subscription_succeeded', 'pusher_internal:member_added'].map(
    (event) => ({ channel: /^lot\./, event, queryKey: () => ['never'], notify: vi.fn() }),
  )
  return { bidPlaced, walletChanged, protocol }
}

async function started(queryClient = new QueryClient(), { start = true } = {}) {
  const table = rules()
  const client = new RealtimeClient({
    config: REALTIME_CONFIG,
    queryClient,
    rules: [table.bidPlaced, table.walletChanged, ...table.protocol] as AnyRule[],
    authorize: async () => ({}),
    loadPusher: async () => fakePusherClass,
  })
  running.push(client)
  if (start) await client.start()
  return { client, queryClient, ...table, pusher: () => FakePusher.last }
}

const channel = (name: string) => FakePusher.last.channels.get(name)!

describe('a channel the screens use', () => {
  it('is subscribed once however many use it, and left when the last lets go', async () => {
    const { client, pusher } = await started()
    const first = client.use('lot.1')
    const second = client.use('lot.1')
    expect(pusher().subscribed).toEqual(['lot.1'])
    first()
    expect(pusher().unsubscribed).toEqual([])
    second()
    expect(pusher().unsubscribed).toEqual(['lot.1'])
    client.use('lot.1')
    expect(pusher().subscribed).toEqual(['lot.1', 'lot.1'])
  })

  it('used before pusher-js loaded, is subscribed once it has', async () => {
    const { client, pusher } = await started(undefined, { start: false })
    client.use('lot.1')
    await client.start()
    expect(pusher().subscribed).toEqual(['lot.1'])
  })

  it('brings its events to the screen, and only the events its rules name', async () => {
    const { client, queryClient, bidPlaced } = await started()
    queryClient.setQueryData(['lot', '1'], { version: 1, price: 1000 })
    queryClient.setQueryData(['lot', '2'], { version: 1, price: 500 })
    client.use('lot.1')
    client.use('auction.9') // no rule of this table matches it

    channel('lot.1').emit('bid.placed', { version: 2, price: 1200 })
    channel('lot.1').emit('bid.retracted', { version: 3, price: 900 })
    channel('auction.9').emit('bid.placed', { version: 2, price: 1 })

    expect(queryClient.getQueryData(['lot', '1'])).toEqual({ version: 2, price: 1200 })
    expect(queryClient.getQueryData(['lot', '2'])).toEqual({ version: 1, price: 500 })
    expect(bidPlaced.notify).toHaveBeenCalledTimes(1)
  })

  it('never hands the protocol frames of pusher-js to the rules', async () => {
    const { client, protocol } = await started()
    client.use('lot.1')
    channel('lot.1').emit('pusher:subscription_succeeded')
    channel('lot.1').emit('pusher_internal:member_added', { user_id: '2' })
    for (const rule of protocol) expect(rule.notify).not.toHaveBeenCalled()
  })

  it('used again after it was let go, hears each event once', async () => {
    const { client, bidPlaced } = await started()
    client.use('lot.1')()
    client.use('lot.1')
    channel('lot.1').emit('bid.placed', { version: 2 })
    expect(bidPlaced.notify).toHaveBeenCalledTimes(1)
  })

  it('re-subscribed after a drop, refetches what it shows; the first subscription does not', async () => {
    const { client, queryClient } = await started()
    queryClient.setQueryData(['lot', '1'], { version: 1 })
    const invalidated = () => queryClient.getQueryState(['lot', '1'])?.isInvalidated
    client.use('lot.1')
    channel('lot.1').emit('pusher:subscription_succeeded')
    expect(invalidated()).toBe(false)
    channel('lot.1').emit('pusher:subscription_succeeded')
    expect(invalidated()).toBe(true)
  })

  it('let go and used again, or after a restart, counts its next subscription as the first', async () => {
    const { client, queryClient } = await started()
    queryClient.setQueryData(['lot', '1'], { version: 1 })
    const invalidated = () => queryClient.getQueryState(['lot', '1'])?.isInvalidated
    const first = client.use('lot.1')
    channel('lot.1').emit('pusher:subscription_succeeded')
    first()
    const release = client.use('lot.1')
    channel('lot.1').emit('pusher:subscription_succeeded')
    expect(invalidated()).toBe(false)

    client.stop()
    await client.start()
    channel('lot.1').emit('pusher:subscription_succeeded')
    expect(invalidated()).toBe(false)
    release()
  })
})

describe('a presence channel', () => {
  const ann = { id: 7, info: { name: 'Ann' } }

  it('tells its watchers who is there on subscribing and on every change', async () => {
    const { client } = await started()
    const seen: PresenceMember[][] = []
    client.watchPresence('presence-lot.1', (list) => seen.push(list))
    client.use('presence-lot.1')
    const room = channel('presence-lot.1')
    room.memberList = [ann, { id: 'u8' }]
    room.emit('pusher:subscription_succeeded')
    room.memberList = [ann, { id: 'u8' }, { id: 9, info: { name: 'Bo' } }]
    room.emit('pusher:member_added')
    room.memberList = [{ id: 9, info: { name: 'Bo' } }]
    room.emit('pusher:member_removed')

    expect(seen).toEqual([
      [
        { id: '7', info: { name: 'Ann' } },
        { id: 'u8', info: {} },
      ],
      [
        { id: '7', info: { name: 'Ann' } },
        { id: 'u8', info: {} },
        { id: '9', info: { name: 'Bo' } },
      ],
      [{ id: '9', info: { name: 'Bo' } }],
    ])
  })

  it('gives a late watcher the members at once, and forgets them once nobody watches', async () => {
    const { client } = await started()
    const stopFirst = client.watchPresence('presence-lot.1', () => undefined)
    client.use('presence-lot.1')
    channel('presence-lot.1').memberList = [ann]
    channel('presence-lot.1').emit('pusher:subscription_succeeded')

    const late = vi.fn()
    const stopLate = client.watchPresence('presence-lot.1', late)
    expect(late).toHaveBeenCalledWith([{ id: '7', info: { name: 'Ann' } }])
    stopFirst()
    const second = vi.fn()
    client.watchPresence('presence-lot.1', second)()
    expect(second).toHaveBeenCalledTimes(1) // still watched by `late`: still known

    stopLate()
    const afterAll = vi.fn()
    client.watchPresence('presence-lot.1', afterAll)
    expect(afterAll).not.toHaveBeenCalled()
  })

  it('keeps the members of a channel nobody watches yet, for the first watcher', async () => {
    const { client } = await started()
    client.use('presence-lot.1')
    channel('presence-lot.1').memberList = [ann]
    channel('presence-lot.1').emit('pusher:subscription_succeeded')
    const first = vi.fn()
    client.watchPresence('presence-lot.1', first)
    expect(first).toHaveBeenCalledWith([{ id: '7', info: { name: 'Ann' } }])
  })

  it('is only a channel named presence-…: another channel has no members to tell', async () => {
    const { client } = await started()
    const watcher = vi.fn()
    client.watchPresence('lot.1', watcher)
    client.use('lot.1')
    channel('lot.1').memberList = [ann]
    channel('lot.1').emit('pusher:subscription_succeeded')
    expect(watcher).not.toHaveBeenCalled()
  })
})

describe("the signed-in user's own events", () => {
  it('reach the screen through the rules listed under the user channel, and only those', async () => {
    const { queryClient, walletChanged, bidPlaced, pusher } = await started()
    queryClient.setQueryData(['wallet'], { version: 4, balance: 100 })
    pusher().userEvent('wallet.changed', { version: 5, balance: 250 })
    pusher().userEvent('bid.placed', { version: 2 })
    expect(queryClient.getQueryData(['wallet'])).toEqual({ version: 5, balance: 250 })
    expect(walletChanged.notify).toHaveBeenCalledTimes(1)
    expect(bidPlaced.notify).not.toHaveBeenCalled()
  })
})
