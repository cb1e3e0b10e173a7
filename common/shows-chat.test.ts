import { describe, expect, it } from 'vitest'
import { chatBodyLength, chatBodyMessage, chatBodyProblem, cleanChatBody } from './shows-chat.ts'
import { SHOW_CHAT_MAX_LENGTH } from './shows.ts'

describe('a chat message', () => {
  it('is trimmed and loses the characters that show nothing', () => {
    expect(cleanChatBody('  hello  ')).toBe('hello')
    expect(cleanChatBody('he\u200bllo\u00ad\ufeff')).toBe('hello')
    expect(cleanChatBody('\u202eevil')).toBe('evil')
    expect(cleanChatBody('\u2066a\u2069')).toBe('a')
  })

  it('keeps what emoji are made of (the joiner and variation selectors)', () => {
    expect(cleanChatBody('👩‍💻 ❤️')).toBe('👩‍💻 ❤️')
    expect(chatBodyProblem('❤️')).toBeUndefined()
  })

  it('counts characters as people see them (code points), after cleaning', () => {
    expect(chatBodyLength(' 😀😀 ')).toBe(2)
    expect(chatBodyLength('a\u200bb')).toBe(2)
    const longest = '😀'.repeat(SHOW_CHAT_MAX_LENGTH)
    expect(chatBodyProblem(longest)).toBeUndefined()
    expect(chatBodyProblem(`${longest}😀`)).toBe('too_long')
    expect(chatBodyProblem(`  ${'a'.repeat(SHOW_CHAT_MAX_LENGTH)}\u200b  `)).toBeUndefined()
    expect(chatBodyProblem('a'.repeat(SHOW_CHAT_MAX_LENGTH + 1))).toBe('too_long')
  })

  it('must show at least one character', () => {
    expect(chatBodyProblem('')).toBe('blank')
    expect(chatBodyProblem('   ')).toBe('blank')
    expect(chatBodyProblem('\u200b\u200d\ufe0f')).toBe('blank')
    expect(chatBodyProblem('\u3164')).toBe('blank')
    expect(chatBodyProblem('a')).toBeUndefined()
  })

  it('is one line with no control characters', () => {
    for (const text of ['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u007fb', 'a\u2028b', 'a\u2029b']) {
      expect(chatBodyProblem(text)).toBe('not_one_line')
    }
  })

  it('tells each problem in words that name the limit', () => {
    expect(chatBodyMessage('blank')).toBe('Must have visible characters.')
    expect(chatBodyMessage('too_long')).toBe(`Must be at most ${SHOW_CHAT_MAX_LENGTH} characters.`)
    expect(chatBodyMessage('not_one_line')).toBe('Must be one line without control characters.')
  })
})
