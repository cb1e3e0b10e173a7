import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { configQuery } from '../../../api/config'
import type { RuntimeConfig } from '../../../../common/config'
import { createQueryClient } from '../../../offline/query-client'
import { RealtimeProvider } from '../../../realtime/provider'
import { FakePusher, REALTIME_CONFIG } from '../../../testing/fake-pusher'
import { renderWithApp } from '../../../testing/render'
import { Viewers } from './Viewers'

/**
 * The show's viewer count: the sockets on `show.{id}` as the real-time service counts them
 * (pusher:subscription_count), guests included and past presence's 100; shown only while live,
 * and not a count from before a drop.
 */
vi.mock('pusher-js', async () => ({
  default: (await import('../../../testing/fake-pusher')).FakePusher,
}))

const SHOW = '7f1c2f64-64a4-4c1e-9d0e-2f0f5b0c2a11'
const CHANNEL = `show.${SHOW}`
const noRules = async () => []

async function renderViewers() {
  const client = createQueryClient()
  client.setQueryData(configQuery.queryKey, { realtime: REALTIME_CONFIG } as RuntimeConfig)
  const before = FakePusher.last
  // A guest: userId null. The count does not need a signed-in member.
  renderWithApp(
    <RealtimeProvider loadRules={noRules} userId={null}>
      <Viewers showId={SHOW} />
    </RealtimeProvider>,
    { client },
  )
  await waitFor(() => expect(FakePusher.last).not.toBe(before))
  const pusher = FakePusher.last
  act(() => pusher.to('connected'))
  await waitFor(() => expect(pusher.subscribed).toContain(CHANNEL))
  return pusher
}

const count = (pusher: FakePusher, n: number) =>
  act(() =>
    pusher.channels.get(CHANNEL)?.emit('pusher:subscription_count', { subscription_count: n }),
  )
const viewers = () => screen.queryByTestId('show-viewers')?.textContent ?? null

describe('Viewers', () => {
  it('shows the service’s count of the room, for a guest and beyond 100', async () => {
    const pusher = await renderViewers()
    expect(viewers()).toBeNull()
    count(pusher, 2000)
    expect(viewers()).toMatch(/^2[,.\u202f\u00a0]?000 watching$/)
    count(pusher, 1999)
    expect(viewers()).toMatch(/^1[,.\u202f\u00a0]?999 watching$/)
  })

  it('hides the count while reconnecting and until a fresh one follows the re-subscription', async () => {
    const pusher = await renderViewers()
    count(pusher, 40)
    expect(viewers()).toBe('40 watching')
    act(() => pusher.to('connecting'))
    expect(viewers()).toBeNull()
    act(() => pusher.to('connected'))
    act(() => pusher.channels.get(CHANNEL)?.emit('pusher:subscription_succeeded'))
    expect(viewers()).toBeNull()
    count(pusher, 38)
    expect(viewers()).toBe('38 watching')
  })

  it('ignores a count that is not a whole number', async () => {
    const pusher = await renderViewers()
    act(() =>
      pusher.channels.get(CHANNEL)?.emit('pusher:subscription_count', { subscription_count: 'x' }),
    )
    expect(viewers()).toBeNull()
  })
})
