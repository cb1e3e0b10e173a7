import { describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS } from './auction.ts'
import {
  BID_SHEET_PARAM,
  DEFAULT_PUSH_PREFERENCES,
  PUSH_ACTIONS,
  PUSH_PATHS,
  PUSH_PREFERENCE_KINDS,
  preferenceOf,
} from './push.ts'

/** Which switch in Account governs which push (decision 0032). */
describe('push preferences', () => {
  it('has four switches, all on by default', () => {
    expect(PUSH_PREFERENCE_KINDS).toEqual(['outbid', 'endingSoon', 'result', 'topUp'])
    expect(DEFAULT_PUSH_PREFERENCES).toEqual({
      outbid: true,
      endingSoon: true,
      result: true,
      topUp: true,
    })
    expect(Object.isFrozen(DEFAULT_PUSH_PREFERENCES)).toBe(true)
  })

  it('puts every notification kind under one switch', () => {
    expect(
      Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, preferenceOf(kind)])),
    ).toEqual({
      outbid: 'outbid',
      ending_soon: 'endingSoon',
      won: 'result',
      lot_ended: 'result',
      lot_sold: 'result',
      lot_unsold: 'result',
      lot_cancelled: 'result',
      top_up_succeeded: 'topUp',
      top_up_failed: 'topUp',
      top_up_refunded: 'topUp',
    })
  })

  it('names the actions, the API paths and the bid parameter', () => {
    expect(PUSH_ACTIONS).toEqual(['bid', 'open'])
    expect(PUSH_PATHS).toEqual({
      subscriptions: 'push/subscriptions',
      preferences: 'push/preferences',
    })
    expect(BID_SHEET_PARAM).toBe('bid')
  })
})
