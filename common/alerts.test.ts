import { describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS } from './auction.ts'
import {
  alertChannels,
  alertGroupOf,
  alertGroups,
  alertPaths,
  choicesWithDefaults,
  defaultAlertPreferences,
  isAlertGroup,
} from './alerts.ts'

describe('alert groups', () => {
  it('lists the six groups and the two stored channels in the order Account shows them', () => {
    expect(alertGroups()).toEqual(['outbid', 'endingSoon', 'result', 'orders', 'messages', 'topUp'])
    expect(alertChannels()).toEqual(['in_app', 'email'])
  })

  it('puts every notification kind in its group', () => {
    const groups = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, alertGroupOf(k)]))
    expect(groups).toEqual({
      outbid: 'outbid',
      won: 'result',
      lot_sold: 'result',
      lot_unsold: 'result',
      lot_ended: 'result',
      ending_soon: 'endingSoon',
      lot_cancelled: 'result',
      top_up_succeeded: 'topUp',
      top_up_failed: 'topUp',
      top_up_refunded: 'topUp',
      order_message: 'messages',
      order_moved: 'orders',
      payout_failed: 'topUp',
      withdrawal_failed: 'topUp',
      // Lots a member follows without bidding (issue 32).
      saved_search_match: 'endingSoon',
      // A followed seller's show (issue 34).
      show_soon: 'endingSoon',
      show_live: 'endingSoon',
    })
  })

  it('mails what a member must not miss by default, and keeps the bidding chatter in the app', () => {
    const defaults = defaultAlertPreferences()
    expect(defaults.in_app).toEqual({
      outbid: true,
      endingSoon: true,
      result: true,
      orders: true,
      messages: true,
      topUp: true,
    })
    expect(defaults.email).toEqual({
      outbid: false,
      endingSoon: false,
      result: true,
      orders: true,
      messages: true,
      topUp: true,
    })
    // A fresh copy each time: one caller's change never leaks into another's defaults.
    defaults.email.result = false
    expect(defaultAlertPreferences().email.result).toBe(true)
  })

  it('reads stored choices over the defaults, keeping only booleans of known groups', () => {
    const defaults = defaultAlertPreferences().email
    expect(choicesWithDefaults(null, defaults)).toEqual(defaults)
    expect(choicesWithDefaults('on', defaults)).toEqual(defaults)
    const read = choicesWithDefaults(
      { outbid: true, result: false, topUp: 'no', bogus: true },
      defaults,
    )
    expect(read).toEqual({ ...defaults, outbid: true, result: false })
    expect(read).not.toHaveProperty('bogus')
    expect(choicesWithDefaults({}, defaults)).not.toBe(defaults)
  })

  it('knows its groups by name, and nothing else', () => {
    for (const group of alertGroups()) expect(isAlertGroup(group)).toBe(true)
    expect(isAlertGroup('toString')).toBe(false)
    expect(isAlertGroup('')).toBe(false)
    expect(isAlertGroup('Outbid')).toBe(false)
  })

  it('names its API paths relative to api/', () => {
    expect(alertPaths()).toEqual({ preferences: 'me/alerts', unsubscribe: 'mail/unsubscribe' })
  })
})
