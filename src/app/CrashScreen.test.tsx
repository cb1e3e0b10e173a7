import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CrashScreen } from './CrashScreen'

const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/x.js')

describe('the crash screen', () => {
  afterEach(() => vi.restoreAllMocks())

  it('announces the failure and retries the screen', () => {
    const reset = vi.fn()
    render(<CrashScreen error={new Error('boom')} reset={reset} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('This screen could not be shown')
    expect(alert.textContent).toContain('Something went wrong. Please try again.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(reset).toHaveBeenCalledOnce()
  })

  it('says a screen missing offline will come with the connection, and reloads for it', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    const reset = vi.fn()
    render(<CrashScreen error={chunkError} reset={reset} />)
    expect(screen.getByRole('alert').textContent).not.toContain('Something went wrong')
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledOnce()
    expect(reset).not.toHaveBeenCalled()
  })
})
