import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../testing/render'
import { meKey } from './api'
import { announceSessionChange } from './session-announce'
import { useSessionSync } from './session-sync'

function Sync() {
  useSessionSync()
  return null
}

const bob = {
  id: 'u-bob',
  name: 'Bob',
  email: 'bob@lotline.test',
  role: 'member' as const,
  alias: 'Bidder B0B0',
  createdAt: '2026-01-01T00:00:00Z',
}

describe('session sync between windows', () => {
  it('a sign-out in another window signs this one out and drops its private data', async () => {
    const { client } = renderWithApp(<Sync />)
    client.setQueryData(meKey, bob)
    client.setQueryData(['wallet'], { balance: 50_000, held: 0, available: 50_000 })
    client.setQueryData(['config'], { currency: 'EUR' })

    announceSessionChange('signed-out') // as the other window does after its sign-out

    await waitFor(() => expect(client.getQueryData(meKey)).toBeNull())
    expect(client.getQueryData(['wallet'])).toBeUndefined()
    expect(client.getQueryData(['config'])).toEqual({ currency: 'EUR' })
  })

  it('a sign-in in another window makes this one ask who is signed in', async () => {
    const { client } = renderWithApp(<Sync />)
    client.setQueryData(meKey, null)
    announceSessionChange('signed-in')
    await waitFor(() => expect(client.getQueryState(meKey)?.isInvalidated).toBe(true))
  })
})
