/**
 * A live show's chat (issue 34; docs/product.md "Chat and following"): what a message may hold,
 * checked by the composer before sending and by the API before storing. Limits: common/shows.ts.
 */
import { hasVisibleText } from './auction/text.ts'
import { SHOW_CHAT_MAX_LENGTH } from './shows.ts'

/**
 * Characters that render as nothing and are dropped from a message: format characters, bidi
 * controls and every other default-ignorable code point — except the zero-width joiner and the
 * variation selectors, which emoji sequences (👩‍💻, ❤️) are made of.
 */
function withoutIgnorables(text: string): string {
  // In the function, not the module, so that mutation testing runs its mutants (docs/testing.md).
  return text.replace(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, (c) =>
    c === '\u200d' || /\p{Variation_Selector}/u.test(c) ? c : '',
  )
}

/** Control characters and line or paragraph separators: a chat message is one line. */
function breaksTheLine(text: string): boolean {
  return /[\p{Cc}\u2028\u2029]/u.test(text)
}

/** A message as it is stored and shown: invisible characters dropped, then trimmed. */
export function cleanChatBody(text: string): string {
  return withoutIgnorables(text).trim()
}

/** Its length as people count it: code points of the cleaned text. */
export function chatBodyLength(text: string): number {
  return Array.from(cleanChatBody(text)).length
}

export type ChatBodyProblem = 'blank' | 'too_long' | 'not_one_line'

/** Why `text` cannot be sent as a chat message, or undefined when it can. */
export function chatBodyProblem(text: string): ChatBodyProblem | undefined {
  if (breaksTheLine(text)) return 'not_one_line'
  const clean = cleanChatBody(text)
  if (!hasVisibleText(clean)) return 'blank'
  if (Array.from(clean).length > SHOW_CHAT_MAX_LENGTH) return 'too_long'
  return undefined
}

/** What the API answers for each problem (422 `validation_failed`, field `body`). */
export function chatBodyMessage(problem: ChatBodyProblem): string {
  switch (problem) {
    case 'blank':
      return 'Must have visible characters.'
    case 'too_long':
      return `Must be at most ${SHOW_CHAT_MAX_LENGTH} characters.`
    case 'not_one_line':
      return 'Must be one line without control characters.'
  }
}
