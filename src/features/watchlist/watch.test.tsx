import { MutationObserver, onlineManager } from '@tanstack/react-query'
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LotDetail } from '../../../common/auction'
import { createQueryClient } from '../../offline/query-client'
import { unbindMutationRegistry } from '../../offline/mutations'
import { flushPersistedState, onCacheRestored, persistOptions } from '../../offline/persist'
import { clearPersistedState } from '../../offline/wipe'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { lotKeys } from '../../api/lot-keys'
import { detail, summary } from '../../testing/lot-fixtures'
import { applyWatch, WATCH_KEY, type WatchVars } from '../lots/watch-toggle'
import { WatchButton } from '../lots/components/WatchButton'

const ID = summary().id

async function openPage() {
  const client = createQueryClient()
  client.mount()
  await persistQueryClientRestore({ queryClient: client, ...persistOptions })
  return client
}
function closePage(client: ReturnType<typeof createQueryClient>) {
  client.unmount()
  client.clear()
  unbindMutationRegistry(client)
}

describe('watch / unwatch offline queue', () => {
  beforeEach(() => clearPersistedState())
  afterEach(() => onlineManager.setOnline(true))

  it('a watch made offline shows at once, survives a reload and is sent exactly once', async () => {
    const { requests } = mockApi({
      [`PUT /api/lots/${ID}/watch`]: () => json({ lotId: ID, watching: true }),
    })
    onlineManager.setOnline(false)
    const page1 = await openPage()
    page1.setQueryData(lotKeys.detail(ID), detail())
    const vars: WatchVars = { lotId: ID, watching: true }
    applyWatch(page1, vars)
    void new MutationObserver<unknown, Error, WatchVars>(page1, { mutationKey: WATCH_KEY }).mutate(
      vars,
    )
    await waitFor(() => expect(page1.getMutationCache().getAll()[0]?.state.isPaused).toBe(true))
    await flushPersistedState(page1)
    closePage(page1)

    // "Reload", still offline: the optimistic state and the queued request are both back.
    const page2 = await openPage()
    expect(page2.getQueryData<LotDetail>(lotKeys.detail(ID))!.my?.watching).toBe(true)
    expect(page2.getMutationCache().getAll()).toHaveLength(1)
    onCacheRestored(page2)
    await new Promise((r) => setTimeout(r, 20))
    expect(requests).toHaveLength(0)

    onlineManager.setOnline(true)
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1))
    await page2.resumePausedMutations()
    await waitFor(() => expect(page2.getMutationCache().getAll()[0]!.state.status).toBe('success'))
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1)
    closePage(page2)
  })

  it('the toggle is pressed at once, says it will sync when offline, and syncs with its own key', async () => {
    const { requests } = mockApi({
      [`PUT /api/lots/${ID}/watch`]: () => json({ lotId: ID, watching: true }),
    })
    const { client } = renderWithApp(<WatchButton lotId={ID} watching={false} />)
    client.setQueryData(lotKeys.detail(ID), detail())
    act(() => onlineManager.setOnline(false))
    fireEvent.click(screen.getByRole('button', { name: 'Watch' }))
    await waitFor(() =>
      expect(client.getQueryData<LotDetail>(lotKeys.detail(ID))!.my?.watching).toBe(true),
    )
    expect(await screen.findByText('Saved offline; syncs when you reconnect.')).toBeTruthy()
    expect(requests).toHaveLength(0)

    // Back online: sent once, with the idempotency key that makes a second tab's replay harmless.
    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/)
    await waitFor(() =>
      expect(screen.queryByText('Saved offline; syncs when you reconnect.')).toBeNull(),
    )
  })

  it('back online before the API is back: the queued watch is tried again (same key), not undone', async () => {
    let answers = 0
    const { requests } = mockApi({
      [`PUT /api/lots/${ID}/watch`]: () =>
        ++answers === 1
          ? problem(503, 'unavailable', 'Restarting')
          : json({ lotId: ID, watching: true }),
    })
    const { client } = renderWithApp(<WatchButton lotId={ID} watching={false} />)
    client.setQueryData(lotKeys.detail(ID), detail())
    act(() => onlineManager.setOnline(false))
    fireEvent.click(screen.getByRole('button', { name: 'Watch' }))
    act(() => onlineManager.setOnline(true))

    await waitFor(() => expect(requests).toHaveLength(2), { timeout: 5_000 })
    expect(requests[1]!.headers.get('Idempotency-Key')).toBe(
      requests[0]!.headers.get('Idempotency-Key'),
    )
    await waitFor(() => expect(client.getMutationCache().getAll()[0]!.state.status).toBe('success'))
    expect(client.getQueryData<LotDetail>(lotKeys.detail(ID))!.my?.watching).toBe(true)
  })
})
