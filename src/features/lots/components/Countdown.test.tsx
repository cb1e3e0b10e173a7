import { onlineManager } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render'
import { summary } from '../../../testing/lot-fixtures'
import { Countdown } from './Countdown'
import { EndsWithinHour } from './EndsWithinHour'

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString()
const clock = (iso: string) =>
  new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso))
/** "Due to end 7:44 PM", or "… Nov 24, 7:44 PM" when the test runs across midnight. */
const saidAt = (prefix: string, iso: string) => new RegExp(`^${prefix} (.+, )?${clock(iso)}$`)

describe('Countdown', () => {
  it('counts down while live: second by second, urgent under 5 minutes, then "Ended"', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T12:00:00Z') })
    const endsAt = new Date(Date.now() + 5 * 60_000 + 2_000).toISOString()
    const { container } = renderWithApp(<Countdown lot={summary({ endsAt })} labelled />)
    const shown = () => container.querySelector('time')!.textContent
    const urgent = () => container.querySelector('.countdown-urgent') !== null
    expect(shown()).toBe('Ends in 5:02')
    expect(urgent()).toBe(false)
    act(() => vi.advanceTimersByTime(1_000))
    expect(shown()).toBe('Ends in 5:01')
    act(() => vi.advanceTimersByTime(2_000))
    expect(shown()).toBe('Ends in 4:59')
    expect(urgent()).toBe(true)
    act(() => vi.advanceTimersByTime(4 * 60_000 + 58_000))
    expect(shown()).toBe('Ends in 0:01')
    act(() => vi.advanceTimersByTime(1_000))
    expect(shown()).toBe('Ended')
  })

  it('not live: stops counting and shows the saved end, never "urgent"', () => {
    act(() => onlineManager.setOnline(false))
    const endsAt = inMinutes(4)
    const { container } = renderWithApp(<Countdown lot={summary({ endsAt })} labelled />)
    expect(screen.getByText(saidAt('Due to end', endsAt))).toBeTruthy()
    expect(container.querySelector('.countdown-urgent')).toBeNull()
  })

  it('not live and past the saved end: it was due to end, not "Ended"', () => {
    act(() => onlineManager.setOnline(false))
    const endsAt = inMinutes(-2)
    renderWithApp(<Countdown lot={summary({ endsAt })} />)
    expect(screen.getByText(saidAt('Was due to end', endsAt))).toBeTruthy()
    expect(screen.queryByText('Ended')).toBeNull()
  })

  it('not live, a scheduled lot: when it was due to start', () => {
    act(() => onlineManager.setOnline(false))
    const startsAt = inMinutes(30)
    renderWithApp(
      <Countdown lot={summary({ status: 'scheduled', startsAt, endsAt: inMinutes(90) })} />,
    )
    expect(screen.getByText(saidAt('Due to start', startsAt))).toBeTruthy()
  })

  it('a show\'s queued lot: "In a live show", not its stand-in start', () => {
    renderWithApp(
      <Countdown
        lot={summary({ status: 'scheduled', showId: 'show-1', startsAt: inMinutes(30) })}
        labelled
      />,
    )
    expect(screen.getByText('In a live show')).toBeTruthy()
    expect(screen.queryByText(/Starts in/)).toBeNull()
  })

  it('redraws only when what it shows changes: once a minute for a lot ending in hours', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T12:00:30Z') })
    const lot = summary({ endsAt: new Date(Date.now() + 3 * 3_600_000 + 30_000).toISOString() })
    let commits = 0
    const { container } = renderWithApp(
      <Profiler id="card" onRender={() => (commits += 1)}>
        <Countdown lot={lot} labelled />
        <EndsWithinHour lot={lot} />
      </Profiler>,
    )
    const shown = () => container.querySelector('time')!.textContent
    expect(shown()).toBe('Ends in 3h 00m')
    const first = commits
    act(() => vi.advanceTimersByTime(29_000))
    // 29 ticks of the shared second clock, and nothing on screen changed: no render.
    expect(commits).toBe(first)
    act(() => vi.advanceTimersByTime(2_000))
    expect(shown()).toBe('Ends in 2h 59m')
    expect(commits).toBe(first + 1)
  })
})
