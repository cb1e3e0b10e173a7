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
  it('names each channel as the service and the client expect', () => {
    expect(LOTS_CHANNEL).toBe('lots')
    expect(lotChannel(ID)).toBe(`lot.${ID}`)
    expect(lotPresenceChannel(ID)).toBe(`presence-lot.${ID}`)
    expect(walletChannel(ID)).toBe(`private-wallet.${ID}`)
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
  it('names each event as the Pusher protocol carries it', () => {
    expect(EVENTS).toEqual({
      lotCreated: 'lot.created',
      lotUpdated: 'lot.updated',
      lotEdited: 'lot.edited',
      bidPlaced: 'bid.placed',
      walletUpdated: 'wallet.updated',
      topUpUpdated: 'top_up.updated',
      notification: 'notification',
    })
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
