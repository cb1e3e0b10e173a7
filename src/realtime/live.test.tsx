import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor } from '@testing-library/react'
import { Profiler } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { configQuery } from '../api/config'
import type { RuntimeConfig } from '../../common/config'
import { createQueryClient } from '../offline/query-client'
import { FakePusher, REALTIME_CONFIG } from '../testing/fake-pusher'
import { renderWithApp } from '../testing/render'
import { isLive, useConnection, useLive } from './live'
import { RealtimeProvider } from './provider'

/**
 * The connection as a person sees it (live.ts): the browser's offline signal wins over the
 * socket, and the screen's data counts as live while connected or first connecting.
 */
vi.mock('pusher-js', async () => ({ default: (await import('../testing/fake-pusher')).FakePusher }))

const noRules = async () => []

function Connection() {
  return (
    <output data-testid="shown">
      {useConnection()} {useLive() ? 'live' : 'not-live'}
    </output>
  )
}

const shown = () => screen.getByTestId('shown').textContent

/** Renders under the app's real-time provider; resolves once its (fake) pusher-js is made. */
async function renderConnected() {
  const client = createQueryClient()
  client.setQueryData(configQuery.queryKey, { realtime: REALTIME_CONFIG } as RuntimeConfig)
  const before = FakePusher.last
  renderWithApp(
    <RealtimeProvider loadRules={noRules} userId={null}>
      <Connection />
    </RealtimeProvider>,
    { client },
  )
  await waitFor(() => expect(FakePusher.last).not.toBe(before))
  return FakePusher.last
}

describe('isLive', () => {
  it('is live when connected and while first connecting, not offline or reconnecting', () => {
    expect(isLive('live')).toBe(true)
    expect(isLive('connecting')).toBe(true)
    expect(isLive('reconnecting')).toBe(false)
    expect(isLive('offline')).toBe(false)
  })
})

describe('useConnection and useLive', () => {
  it("count as live while the real-time code is still loading ('connecting')", () => {
    renderWithApp(<Connection />)
    expect(shown()).toBe('connecting live')
  })

  it("follow the socket's status while online", async () => {
    const pusher = await renderConnected()
    act(() => pusher.to('connected'))
    expect(shown()).toBe('live live')
    act(() => pusher.to('connecting'))
    expect(shown()).toBe('reconnecting not-live')
  })

  it('say offline when the browser is, whatever the socket says', async () => {
    const pusher = await renderConnected()
    act(() => pusher.to('connected'))
    act(() => onlineManager.setOnline(false))
    expect(shown()).toBe('offline not-live')
    act(() => onlineManager.setOnline(true))
    expect(shown()).toBe('live live')
  })

  it('say offline at once on an offline start, before the socket is made', () => {
    onlineManager.setOnline(false)
    renderWithApp(<Connection />)
    expect(shown()).toBe('offline not-live')
  })

  it('redraw a useLive screen only when its answer changes, not at connecting → live', async () => {
    const client = createQueryClient()
    client.setQueryData(configQuery.queryKey, { realtime: REALTIME_CONFIG } as RuntimeConfig)
    const before = FakePusher.last
    let draws = 0
    function LiveOnly() {
      return <output data-testid="live-only">{useLive() ? 'live' : 'not-live'}</output>
    }
    renderWithApp(
      <RealtimeProvider loadRules={noRules} userId={null}>
        <Profiler id="screen" onRender={() => (draws += 1)}>
          <LiveOnly />
        </Profiler>
      </RealtimeProvider>,
      { client },
    )
    await waitFor(() => expect(FakePusher.last).not.toBe(before))
    const pusher = FakePusher.last
    const settled = draws
    act(() => pusher.to('connected'))
    // 'connecting' already counted as live: the screen has nothing new to draw.
    expect(screen.getByTestId('live-only').textContent).toBe('live')
    expect(draws).toBe(settled)
    act(() => pusher.to('connecting'))
    expect(screen.getByTestId('live-only').textContent).toBe('not-live')
    expect(draws).toBe(settled + 1)
  })
})
