import { onlineManager } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { optionalLazy } from './optional-lazy'

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/x.js')

afterEach(() => onlineManager.setOnline(true))

describe('a chunk the page can live without', () => {
  it('shows its fallback while it cannot load, leaves the page alone, and loads when back online', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let attempts = 0
    const Badge = optionalLazy(
      async () => {
        if (++attempts === 1) throw chunkError()
        return { default: ({ count }: { count: number }) => <span>{count} unread</span> }
      },
      () => <span>loading badge</span>,
      ({ count }) => <span>badge unavailable ({count})</span>,
    )
    act(() => onlineManager.setOnline(false))
    render(
      <main>
        <h1>The page</h1>
        <Badge count={3} />
      </main>,
    )
    expect(screen.getByText('loading badge')).toBeTruthy()
    expect(await screen.findByText('badge unavailable (3)')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy()
    expect(attempts).toBe(1)

    act(() => onlineManager.setOnline(true))
    expect(await screen.findByText('3 unread')).toBeTruthy()
    expect(attempts).toBe(2)
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy()
    warn.mockRestore()
    error.mockRestore()
  })

  it('shows nothing in its place by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const Prompt = optionalLazy<() => null>(() => Promise.reject(chunkError()))
    const { container } = render(
      <p>
        before
        <Prompt />
        after
      </p>,
    )
    await vi.waitFor(() => expect(warn).toHaveBeenCalled())
    expect(container.textContent).toBe('beforeafter')
    warn.mockRestore()
    error.mockRestore()
  })
})
