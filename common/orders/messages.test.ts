import { describe, expect, it } from 'vitest'
import {
  isOwnMessage,
  messageLength,
  messageProblem,
  ORDER_MESSAGE_MAX_LENGTH,
  type OrderMessage,
} from './messages.ts'

/** The rules a message meets, shared by the composer and the API (issue 29). */
describe('an order message', () => {
  it('counts characters as people do: code points after trimming', () => {
    expect(messageLength('  hola  ')).toBe(4)
    expect(messageLength('👍🏽 ok')).toBe(5) // two code points for the emoji, a space, two letters
    expect(messageLength('\n\t')).toBe(0)
  })

  it('is sent with visible text of up to the limit, on several lines if need be', () => {
    expect(messageProblem('Posted today.\nTracking on the order.')).toBeUndefined()
    expect(messageProblem('x'.repeat(ORDER_MESSAGE_MAX_LENGTH))).toBeUndefined()
    expect(messageProblem(` ${'x'.repeat(ORDER_MESSAGE_MAX_LENGTH)} `)).toBeUndefined()
    expect(messageProblem('é'.repeat(ORDER_MESSAGE_MAX_LENGTH))).toBeUndefined()
  })

  it('is refused blank, too long or with text-direction controls, each with its reason', () => {
    expect(messageProblem('')).toBe('blank')
    expect(messageProblem('   \n  ')).toBe('blank')
    expect(messageProblem('\u200b\u200b')).toBe('blank')
    expect(messageProblem('x'.repeat(ORDER_MESSAGE_MAX_LENGTH + 1))).toBe('too_long')
    // A blank message is blank before it is anything else; a long one long before reordered.
    expect(messageProblem(`\u202e${'x'.repeat(ORDER_MESSAGE_MAX_LENGTH + 1)}`)).toBe('too_long')
    for (const control of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ])
      expect(messageProblem(`pay ${control}me`), escape(control)).toBe('reordering')
    expect(messageProblem('pay \u2065me \u202f')).toBeUndefined()
  })

  describe('is my own', () => {
    const order = (viewer: 'buyer' | 'seller' | 'admin') => ({
      viewer,
      buyer: { id: 'b' },
      seller: { id: 's' },
    })
    const by = (id: string, role: 'buyer' | 'seller' | 'admin'): Pick<OrderMessage, 'author'> => ({
      author: { id, name: id, role },
    })

    it("when I wrote it as the order's buyer or seller", () => {
      expect(isOwnMessage(by('b', 'buyer'), order('buyer'))).toBe(true)
      expect(isOwnMessage(by('s', 'seller'), order('buyer'))).toBe(false)
      expect(isOwnMessage(by('s', 'seller'), order('seller'))).toBe(true)
      expect(isOwnMessage(by('b', 'buyer'), order('seller'))).toBe(false)
    })

    it('for an admin, when any admin wrote it (Lotline speaks as one)', () => {
      expect(isOwnMessage(by('a1', 'admin'), order('admin'))).toBe(true)
      expect(isOwnMessage(by('b', 'buyer'), order('admin'))).toBe(false)
      // An admin who is not the viewer's side does not make a buyer's message theirs.
      expect(isOwnMessage(by('a1', 'admin'), order('buyer'))).toBe(false)
    })
  })
})
