import { describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS } from './auction.ts'
import {
  DEFAULT_PUSH_PREFERENCES,
  PUSH_ACTIONS,
  PUSH_PREFERENCE_KINDS,
  preferenceOf,
  type PushPreferenceKind,
} from './push.ts'
import { PUSH_LANGS, PUSH_TEXTS } from './push-texts.ts'

const input = { title: 'Brass lamp', amount: '€460', minutes: 5 }

/** Which switch in Account governs which push (decision 0032). */
describe('push preferences', () => {
  // What each switch does for a member, rather than the mapping restated.
  const silencedBy = (off: PushPreferenceKind) =>
    NOTIFICATION_KINDS.filter((kind) => preferenceOf(kind) === off)

  it('starts with every switch on, and nobody can change the defaults', () => {
    for (const kind of PUSH_PREFERENCE_KINDS)
      expect(DEFAULT_PUSH_PREFERENCES[kind], kind).toBe(true)
    expect(Object.keys(DEFAULT_PUSH_PREFERENCES).sort()).toEqual([...PUSH_PREFERENCE_KINDS].sort())
    expect(Object.isFrozen(DEFAULT_PUSH_PREFERENCES)).toBe(true)
  })

  it('has a switch for every push, and no switch that silences nothing', () => {
    for (const kind of NOTIFICATION_KINDS)
      expect(PUSH_PREFERENCE_KINDS, kind).toContain(preferenceOf(kind))
    for (const off of PUSH_PREFERENCE_KINDS) expect(silencedBy(off).length, off).toBeGreaterThan(0)
  })

  it('turning off outbid alerts silences only those; ending soon only its own', () => {
    expect(silencedBy('outbid')).toEqual(['outbid'])
    // The switch for lots a member follows: watched lots ending, and new lots for a saved search.
    // And a followed seller's shows (issue 34).
    expect(silencedBy('endingSoon')).toEqual([
      'ending_soon',
      'saved_search_match',
      'show_soon',
      'show_live',
    ])
  })

  it('turning off results silences how each lot ended, for bidders and sellers, and no top-up', () => {
    const results = silencedBy('result')
    for (const kind of ['won', 'lot_ended', 'lot_sold', 'lot_unsold', 'lot_cancelled'] as const)
      expect(results).toContain(kind)
    expect(results.some((kind) => kind.startsWith('top_up'))).toBe(false)
  })

  it('turning off top-up alerts silences every top-up result, failed money out and nothing about a lot', () => {
    expect(silencedBy('topUp')).toEqual(
      NOTIFICATION_KINDS.filter(
        (kind) =>
          kind.startsWith('top_up') || kind === 'payout_failed' || kind === 'withdrawal_failed',
      ),
    )
    expect(silencedBy('topUp').length).toBe(5)
  })

  it('gives every action a button text in every language', () => {
    for (const lang of PUSH_LANGS)
      for (const action of PUSH_ACTIONS)
        expect(PUSH_TEXTS[lang].actions[action](input).length, `${lang} ${action}`).toBeGreaterThan(
          0,
        )
  })
})
