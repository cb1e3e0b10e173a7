import { onlineManager } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../testing/render'
import { summary } from '../fixtures'
import { Countdown } from './Countdown'

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString()
const clock = (iso: string) =>
  new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso))
/** "Due to end 7:44 PM", or "… Nov 24, 7:44 PM" when the test runs across midnight. */
const saidAt = (prefix: string, iso: string) => new RegExp(`^${prefix} (.+, )?${clock(iso)}$`)

describe('Countdown', () => {
  it('counts down while live', () => {
    renderWithApp(<Countdown lot={summary({ endsAt: inMinutes(4) })} labelled />)
    expect(screen.getByText(/^Ends in [34]:\d\d$/)).toBeTruthy()
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
})
