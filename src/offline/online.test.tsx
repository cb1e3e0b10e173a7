import { onlineManager } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isOnline, seedOnlineState, useOnline } from './online'

/**
 * The app's online state (online.ts): React Query's, seeded offline on an offline cold start, and
 * followed by the screens that show it.
 */
afterEach(() => {
  vi.restoreAllMocks()
})

describe('seedOnlineState', () => {
  it('starts offline on an offline cold start (the browser says so for sure)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    seedOnlineState()
    expect(isOnline()).toBe(false)
    expect(onlineManager.isOnline()).toBe(false)
  })

  it('leaves an online start online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    seedOnlineState()
    expect(isOnline()).toBe(true)
  })

  it('leaves the state alone where there is no navigator', () => {
    vi.stubGlobal('navigator', undefined)
    expect(() => seedOnlineState()).not.toThrow()
    expect(isOnline()).toBe(true)
  })
})

describe('isOnline', () => {
  it('follows what React Query sees', () => {
    onlineManager.setOnline(false)
    expect(isOnline()).toBe(false)
    onlineManager.setOnline(true)
    expect(isOnline()).toBe(true)
  })
})

describe('useOnline', () => {
  function Status() {
    return <output>{useOnline() ? 'online' : 'offline'}</output>
  }

  it('shows the state at first render and re-renders on every change', () => {
    onlineManager.setOnline(false)
    render(<Status />)
    expect(screen.getByRole('status').textContent).toBe('offline')
    act(() => onlineManager.setOnline(true))
    expect(screen.getByRole('status').textContent).toBe('online')
    act(() => onlineManager.setOnline(false))
    expect(screen.getByRole('status').textContent).toBe('offline')
  })

  it('listens while mounted and stops once unmounted', () => {
    const subscribe = onlineManager.subscribe.bind(onlineManager)
    let listening = 0
    vi.spyOn(onlineManager, 'subscribe').mockImplementation((listener) => {
      const stop = subscribe(listener)
      listening++
      return () => {
        listening--
        stop()
      }
    })
    const { unmount } = render(<Status />)
    expect(listening).toBe(1)
    unmount()
    expect(listening).toBe(0)
  })
})
