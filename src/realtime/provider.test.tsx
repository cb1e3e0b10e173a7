import { act, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { configQuery } from '../api/config'
import type { RuntimeConfig } from '../../common/config'
import { createQueryClient } from '../offline/query-client'
import { FakePusher, REALTIME_CONFIG } from '../testing/fake-pusher'
import { renderWithApp } from '../testing/render'
import { useLive } from './live'
import { RealtimeProvider, useChannel } from './provider'

/**
 * The connection's arrival (provider.tsx): a screen that follows a channel and asks "is it live?"
 * gets its channel subscribed without being drawn again. The arrival used to change a context
 * every screen read, and redrew the whole lot list, each card with it, right after a slow phone's
 * hydration.
 */
vi.mock('pusher-js', async () => ({ default: (await import('../testing/fake-pusher')).FakePusher }))

const noRules = async () => []

function Screen({ channel, onDraw }: { channel: string | null; onDraw: () => void }) {
  useChannel(channel)
  onDraw()
  return <output>{useLive() ? 'live' : 'not-live'}</output>
}

function renderScreen(channel: string | null, onDraw: () => void) {
  const client = createQueryClient()
  client.setQueryData(configQuery.queryKey, { realtime: REALTIME_CONFIG } as RuntimeConfig)
  const tree = (name: string | null) => (
    <RealtimeProvider loadRules={noRules} userId={null}>
      <Screen channel={name} onDraw={onDraw} />
    </RealtimeProvider>
  )
  const view = renderWithApp(tree(channel), { client })
  return { ...view, client, rerenderWith: (name: string | null) => view.rerender(tree(name)) }
}

async function connection(before: FakePusher | undefined) {
  await waitFor(() => expect(FakePusher.last).not.toBe(before))
  const pusher = FakePusher.last
  await waitFor(() => expect(pusher.subscribed.length).toBeGreaterThan(0))
  return pusher
}

describe('the connection reaching the screens', () => {
  it('subscribes a mounted screen’s channel without drawing the screen again', async () => {
    let draws = 0
    const before = FakePusher.last
    renderScreen('lots', () => (draws += 1))
    const drawnBefore = draws
    const pusher = await connection(before)
    expect(pusher.subscribed).toEqual(['lots'])
    act(() => pusher.to('connected'))
    // Whatever React had left to draw for the arrival (a transition, say) has been drawn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(draws).toBe(drawnBefore)
  })

  it('moves the screen’s channel when it changes, and releases it when there is none', async () => {
    const before = FakePusher.last
    const view = renderScreen('lots', () => undefined)
    const pusher = await connection(before)
    view.rerenderWith('lot.abc')
    expect(pusher.unsubscribed).toEqual(['lots'])
    await waitFor(() => expect(pusher.subscribed).toEqual(['lots', 'lot.abc']))
    view.rerenderWith(null)
    expect(pusher.unsubscribed).toEqual(['lots', 'lot.abc'])
  })

  it('subscribes the screen’s channel again on a new connection (the endpoint changed)', async () => {
    const before = FakePusher.last
    const view = renderScreen('lots', () => undefined)
    const first = await connection(before)
    act(() =>
      view.client.setQueryData(configQuery.queryKey, {
        realtime: { ...REALTIME_CONFIG, port: REALTIME_CONFIG.port + 1 },
      } as RuntimeConfig),
    )
    const second = await connection(first)
    expect(second).not.toBe(first)
    expect(second.subscribed).toEqual(['lots'])
    expect(first.disconnects).toBeGreaterThan(0)
  })

  it('subscribes nothing for a screen without a channel', async () => {
    const before = FakePusher.last
    renderScreen(null, () => undefined)
    await waitFor(() => expect(FakePusher.last).not.toBe(before))
    expect(FakePusher.last.subscribed).toEqual([])
  })
})
