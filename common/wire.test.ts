import { describe, expect, it } from 'vitest'
import {
  CHANNEL_PATTERNS,
  isServerPath,
  EVENTS,
  isEntryId,
  isSocketId,
  isUuid,
  NUMERIC_CURSOR_PATTERN,
  ENTRY_ID_PATTERN,
  lotChannel,
  lotPresenceChannel,
  lotPresenceLot,
  LOTS_CHANNEL,
  walletChannel,
  walletChannelUser,
} from './wire.ts'

const ID = '3f1c2a9e-5b7d-4e21-9a0b-8c6d5e4f3a21'

describe('ids', () => {
  it.each([
    [ID, true],
    [ID.toUpperCase(), false],
    [ID.slice(1), false],
    [`${ID}0`, false],
    [` ${ID}`, false],
    [`${ID}\n`, false],
    [ID.replace(/-/g, ''), false],
    ['', false],
    [42, false],
    [null, false],
    // Not a string, though it would print as one (a query parser's repeated parameter).
    [[ID], false],
    [{ toString: () => ID }, false],
  ])('isUuid(%j) is %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected)
  })

  it.each([
    ['1234.5678', true],
    ['0.0', true],
    ['1234', false],
    ['1234.', false],
    ['.5678', false],
    ['12.34.56', false],
    ['1234.5678\n', false],
    ['a.b', false],
    [1234.5678, false],
  ])('isSocketId(%j) is %s', (value, expected) => {
    expect(isSocketId(value)).toBe(expected)
  })

  it.each([
    ['0', true, false],
    ['1', true, true],
    ['999999999999999', true, true],
    ['1000000000000000', false, false],
    ['01', true, false],
    ['', false, false],
    ['-1', false, false],
    ['1.5', false, false],
  ])('%j: numeric cursor %s, entry id %s', (value, cursor, entryId) => {
    expect(new RegExp(NUMERIC_CURSOR_PATTERN, 'u').test(value)).toBe(cursor)
    expect(new RegExp(ENTRY_ID_PATTERN, 'u').test(value)).toBe(entryId)
    expect(isEntryId(value)).toBe(entryId)
  })
})

describe('channels', () => {
  // The Pusher protocol decides who may listen by a channel's prefix: what matters is that each
  // name gets the access its content needs, and that two lots or members never share one.
  it('keeps a member’s wallet private and a room’s presence signed; lots are public', () => {
    expect(walletChannel(ID)).toMatch(/^private-/)
    expect(lotPresenceChannel(ID)).toMatch(/^presence-/)
    for (const name of [LOTS_CHANNEL, lotChannel(ID)])
      expect(name).not.toMatch(/^(private-|presence-)/)
  })

  it('gives each lot and each member channels of their own', () => {
    const other = ID.replace(/^3/, '4')
    for (const channel of [lotChannel, lotPresenceChannel, walletChannel]) {
      expect(channel(ID)).toContain(ID)
      expect(channel(ID)).not.toBe(channel(other))
    }
    const names = [LOTS_CHANNEL, lotChannel(ID), lotPresenceChannel(ID), walletChannel(ID)]
    expect(new Set(names).size).toBe(names.length)
  })

  it('reads the member back from a wallet channel, and nothing from anything else', () => {
    expect(walletChannelUser(walletChannel(ID))).toBe(ID)
    for (const name of [
      `private-wallet.${ID.toUpperCase()}`,
      `private-wallet.${ID}x`,
      `xprivate-wallet.${ID}`,
      `private-wallet.`,
      `presence-lot.${ID}`,
      `private-wallet.${ID}\n`,
    ]) {
      expect(walletChannelUser(name), name).toBeNull()
    }
  })

  it('matches each channel by its pattern, with the lot or member as a named group', () => {
    expect(CHANNEL_PATTERNS.lots.test(LOTS_CHANNEL)).toBe(true)
    expect(CHANNEL_PATTERNS.lots.test('lots2')).toBe(false)
    expect(CHANNEL_PATTERNS.lot.exec(lotChannel(ID))?.groups?.id).toBe(ID)
    expect(CHANNEL_PATTERNS.lot.test(lotPresenceChannel(ID))).toBe(false)
    expect(CHANNEL_PATTERNS.lot.test(`lot.${ID}.x`)).toBe(false)
    expect(CHANNEL_PATTERNS.lotPresence.exec(lotPresenceChannel(ID))?.groups?.id).toBe(ID)
    expect(CHANNEL_PATTERNS.wallet.exec(walletChannel(ID))?.groups?.userId).toBe(ID)
    expect(CHANNEL_PATTERNS.wallet.test(`private-wallet.${ID}\n`)).toBe(false)
  })

  it('reads the lot back from a presence channel, and nothing from anything else', () => {
    expect(lotPresenceLot(lotPresenceChannel(ID))).toBe(ID)
    for (const name of [
      lotChannel(ID),
      walletChannel(ID),
      `presence-lot.${ID}.x`,
      'presence-lot.',
    ]) {
      expect(lotPresenceLot(name), name).toBeNull()
    }
  })
})

describe('events', () => {
  // Which event carries what is checked where it is sent and applied (server and client suites);
  // here, what the protocol itself needs of the names.
  it('names each event once, outside the prefixes the Pusher protocol reserves', () => {
    const names = Object.values(EVENTS)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) {
      expect(name).toMatch(/^[a-z_.]+$/)
      expect(name).not.toMatch(/^(pusher:|pusher_internal:|client-)/)
    }
  })
})

describe('server paths', () => {
  it.each([
    ['api', true],
    ['api/lots', true],
    ['broadcasting/auth', true],
    ['health', true],
    ['uploads/lots/a.webp', true],
    ['healthy', false],
    ['apis', false],
    ['lots/123', false],
    ['', false],
    ['wallet/top-up', false],
  ])('%j is the server’s: %s', (path, expected) => {
    expect(isServerPath(path)).toBe(expected)
  })
})
