import { describe, expect, it } from 'vitest'
import {
  commentProblem,
  editableUntil,
  positivePercent,
  rateUntil,
  ratingRefusal,
} from './ratings.ts'

const completedAt = new Date('2026-11-01T12:00:00Z')
const at = (iso: string) => new Date(iso)

describe('when an order can be rated (issue 29)', () => {
  const facts = (mine: { createdAt: Date; removed: boolean } | null = null) => ({
    state: 'completed' as const,
    stateSince: completedAt,
    mine,
  })

  it('opens at completion for 30 days, to the millisecond', () => {
    expect(rateUntil(completedAt).toISOString()).toBe('2026-12-01T12:00:00.000Z')
    expect(ratingRefusal(facts(), at('2026-12-01T12:00:00.000Z'))).toBeUndefined()
    expect(ratingRefusal(facts(), at('2026-12-01T12:00:00.001Z'))).toBe('rating_window_closed')
  })

  it('never opens for an order under way or refunded', () => {
    for (const state of ['shipped', 'problem', 'refunded'] as const) {
      expect(ratingRefusal({ ...facts(), state }, completedAt)).toBe('rating_not_open')
    }
  })

  it('lets a sent rating change for 24 hours, even past the window', () => {
    const sent = at('2026-11-30T20:00:00Z')
    expect(editableUntil(sent).toISOString()).toBe('2026-12-01T20:00:00.000Z')
    const mine = { createdAt: sent, removed: false }
    expect(ratingRefusal(facts(mine), at('2026-12-01T19:59:59Z'))).toBeUndefined()
    // To the millisecond, as the window: the 24 hours' last instant still counts.
    expect(ratingRefusal(facts(mine), at('2026-12-01T20:00:00.000Z'))).toBeUndefined()
    expect(ratingRefusal(facts(mine), at('2026-12-01T20:00:00.001Z'))).toBe('rating_locked')
    expect(ratingRefusal(facts(mine), at('2026-12-01T20:00:01Z'))).toBe('rating_locked')
  })

  it('keeps a removed rating removed', () => {
    const mine = { createdAt: completedAt, removed: true }
    expect(ratingRefusal(facts(mine), completedAt)).toBe('rating_removed')
  })
})

describe('what a comment may be', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['Quick and kind.', undefined],
    ['a'.repeat(500), undefined],
    [`  ${'a'.repeat(500)}  `, undefined],
    ['😀'.repeat(500), undefined],
    ['a'.repeat(501), 'too_long'],
    ['one\ntwo', 'not_one_paragraph'],
    ['\u200b', 'not_one_paragraph'],
    ['fine \u202eevil', 'not_one_paragraph'],
  ])('%j → %s', (comment, problem) => {
    expect(commentProblem(comment)).toBe(problem)
  })
})

describe("a seller's share of positive ratings, as the profile shows it", () => {
  it('is a whole percentage, rounded to the nearest, or nothing without ratings', () => {
    expect(positivePercent(null)).toBeNull()
    expect(positivePercent(0)).toBe(0)
    expect(positivePercent(1)).toBe(100)
    expect(positivePercent(2 / 3)).toBe(67)
    expect(positivePercent(0.125)).toBe(13)
  })
})
