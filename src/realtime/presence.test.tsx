import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { configQuery } from '../api/config'
import type { RuntimeConfig } from '../../common/config'
import { createQueryClient } from '../offline/query-client'
import { FakePusher, REALTIME_CONFIG, type FakeMember } from '../testing/fake-pusher'
import { renderWithApp } from '../testing/render'
import { usePresence } from './presence'
import { RealtimeProvider, useRealtimeClient } from './provider'

/**
 * Who is in a lot room (presence.ts): the members of its presence channel while the screen is
 * mounted; unknown (null) for a guest, before the members arrive, and after the room changes
 * until the new room's members arrive.
 */
vi.mock('pusher-js', async () => ({ default: (await import('../testing/fake-pusher')).FakePusher }))

const noRules = async () => []
const ANN: FakeMember = { id: 'u-ann', info: { name: 'Ann' } }
const BOB: FakeMember = { id: 'u-bob' }

function Watchers({ channel }: { channel: string | null }) {
  const members = usePresence(channel)
  const connected = useRealtimeClient() !== null
  const text = members === null ? 'unknown' : members.map((m) => m.id).join(',') || 'nobody'
  return (
    <output data-testid="shown" data-connected={connected}>
      {text}
    </output>
  )
}

const shown = () => screen.getByTestId('shown').textContent

function inRealtime(channel: string | null) {
  return (
    <RealtimeProvider loadRules={noRules} userId={null}>
      <Watchers channel={channel} />
    </RealtimeProvider>
  )
}

/** Renders under the app's real-time provider; resolves once the screen has its connection. */
async function renderInRoom(channel: string | null) {
  const client = createQueryClient()
  client.setQueryData(configQuery.queryKey, { realtime: REALTIME_CONFIG } as RuntimeConfig)
  const before = FakePusher.last
  const view = renderWithApp(inRealtime(channel), { client })
  await waitFor(() => {
    expect(FakePusher.last).not.toBe(before)
    expect(screen.getByTestId('shown').dataset.connected).toBe('true')
  })
  // The screen's effects with its connection (subscribing, or not for a guest) have run.
  await act(async () => undefined)
  return { ...view, pusher: FakePusher.last }
}

/** The service tells who is in `channel` (the subscription succeeded, or a member came or left). */
function membersArrive(pusher: FakePusher, channel: string, members: FakeMember[], event: string) {
  const room = pusher.channels.get(channel)!
  room.memberList = members
  act(() => room.emit(event))
}

describe('usePresence', () => {
  it('is unknown until the room members arrive, then follows them', async () => {
    const { pusher } = await renderInRoom('presence-lot.1')
    expect(pusher.subscribed).toEqual(['presence-lot.1'])
    expect(shown()).toBe('unknown')
    membersArrive(pusher, 'presence-lot.1', [ANN], 'pusher:subscription_succeeded')
    expect(shown()).toBe('u-ann')
    membersArrive(pusher, 'presence-lot.1', [ANN, BOB], 'pusher:member_added')
    expect(shown()).toBe('u-ann,u-bob')
    membersArrive(pusher, 'presence-lot.1', [], 'pusher:member_removed')
    expect(shown()).toBe('nobody')
  })

  it('is unknown while the real-time code is still loading', () => {
    renderWithApp(<Watchers channel="presence-lot.1" />)
    expect(shown()).toBe('unknown')
  })

  it('is unknown for a guest (no channel), who subscribes to nothing', async () => {
    const { pusher } = await renderInRoom(null)
    expect(shown()).toBe('unknown')
    expect(pusher.subscribed).toEqual([])
  })

  it('is unknown after the room changes, until the new room members arrive', async () => {
    const { pusher, rerender } = await renderInRoom('presence-lot.1')
    membersArrive(pusher, 'presence-lot.1', [ANN], 'pusher:subscription_succeeded')
    expect(shown()).toBe('u-ann')

    rerender(inRealtime('presence-lot.2'))
    expect(shown()).toBe('unknown')
    expect(pusher.unsubscribed).toEqual(['presence-lot.1'])
    expect(pusher.subscribed).toEqual(['presence-lot.1', 'presence-lot.2'])
    membersArrive(pusher, 'presence-lot.2', [BOB], 'pusher:subscription_succeeded')
    expect(shown()).toBe('u-bob')
  })

  it('leaves the room when unmounted, and forgets its members for the next visit', async () => {
    const { pusher, rerender } = await renderInRoom('presence-lot.1')
    membersArrive(pusher, 'presence-lot.1', [ANN], 'pusher:subscription_succeeded')
    rerender(<RealtimeProvider loadRules={noRules} userId={null} children={null} />)
    expect(pusher.unsubscribed).toEqual(['presence-lot.1'])

    rerender(inRealtime('presence-lot.1'))
    expect(shown()).toBe('unknown')
    membersArrive(pusher, 'presence-lot.1', [BOB], 'pusher:subscription_succeeded')
    expect(shown()).toBe('u-bob')
  })
})
