import { onlineManager } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../testing/render'
import { relativeAge, SavedAge } from './SavedAge'

const minutesAgo = (n: number) => Date.now() - n * 60_000

describe('SavedAge', () => {
  it('says nothing while the data is live and its refresh worked', () => {
    renderWithApp(<SavedAge at={minutesAgo(5)} />)
    expect(screen.queryByTestId('saved-age')).toBeNull()
  })

  it('offline: how old the saved data is, "just now" under a minute', () => {
    act(() => onlineManager.setOnline(false))
    renderWithApp(
      <>
        <SavedAge at={minutesAgo(5)} />
        <SavedAge at={Date.now() - 10_000} />
      </>,
    )
    expect(screen.getAllByTestId('saved-age').map((p) => p.textContent)).toEqual([
      'Saved 5 minutes ago',
      'Saved just now',
    ])
  })

  it('online after a failed refresh: says the refresh failed', () => {
    renderWithApp(<SavedAge at={minutesAgo(120)} failed />)
    expect(screen.getByTestId('saved-age').textContent).toBe(
      'Could not refresh · saved 2 hours ago',
    )
  })

  it('data that is never pushed live shows its age only offline or after a failure', () => {
    const at = minutesAgo(3)
    const { rerender } = renderWithApp(<SavedAge at={at} liveData={false} />)
    expect(screen.queryByTestId('saved-age')).toBeNull()
    act(() => onlineManager.setOnline(false))
    rerender(<SavedAge at={at} liveData={false} />)
    expect(screen.getByTestId('saved-age').textContent).toBe('Saved 3 minutes ago')
  })

  it('formats ages in the language, in whole units', () => {
    const now = Date.now()
    expect(relativeAge(now - 59_000, now, 'en')).toBeNull()
    expect(relativeAge(now - 90 * 60_000, now, 'en')).toBe('1 hour ago')
    expect(relativeAge(now - 3 * 86_400_000, now, 'es')).toBe('hace 3 días')
  })
})
