import { describe, expect, it } from 'vitest'
import { validateLotInput, type LotInput } from '../../../common/auction'
import { showLotTiming } from './show-lot-timing'

const now = Date.parse('2026-11-28T10:00:00Z')
const request: LotInput = {
  title: 'Pentax K1000',
  category: 'other',
  startingPrice: 2000,
  endsAt: new Date(now + 3_600_000).toISOString(),
  delivery: { pickup: { town: 'Leeds' } },
} as LotInput
const show = (startsAt: string) => ({ id: 's1', title: 'Camera hour', startsAt })

describe('a lot made for a show', () => {
  it('waits scheduled for the show: at its start, an hour long', () => {
    const timed = showLotTiming(request, show('2026-11-30T18:00:00Z'), now)
    expect(timed.startsAt).toBe('2026-11-30T18:00:00.000Z')
    expect(timed.endsAt).toBe('2026-11-30T19:00:00.000Z')
    expect(timed.title).toBe('Pentax K1000')
  })

  it('for a show already on air, at least an hour ahead: never opened by the plain scheduler', () => {
    const timed = showLotTiming(request, show('2026-11-28T09:00:00Z'), now)
    expect(timed.startsAt).toBe('2026-11-28T11:00:00.000Z')
  })

  it('always within the lot rules’ 30 days, whatever the show says', () => {
    for (const startsAt of ['2027-06-01T00:00:00Z', 'not a date']) {
      const timed = showLotTiming(request, show(startsAt), now)
      const problems = validateLotInput(timed, new Date(now))
      expect(problems.startsAt).toBeUndefined()
      expect(problems.endsAt).toBeUndefined()
    }
  })
})
