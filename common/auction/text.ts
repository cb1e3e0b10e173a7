/** Text people read: what counts as one visible line (titles, names, reasons). */

/**
 * Characters that render as nothing: white space, format characters (zero-width space, joiners,
 * BOM, soft hyphen, bidi marks), controls, variation selectors, every other default-ignorable
 * code point (unassigned ones a font may not know yet: U+2065, U+FFF0–FFF8, tags), and the
 * "blank" letters used to fake empty names (Hangul fillers, braille blank, combining grapheme
 * joiner, Mongolian vowel separator).
 */
const INVISIBLE =
  /[\p{White_Space}\p{Cf}\p{Cc}\p{Variation_Selector}\p{Default_Ignorable_Code_Point}\u034f\u115f\u1160\u180e\u2800\u3164\uffa0]/gu

/**
 * What a one-line field must not hold: line breaks (a title or a name is one line wherever it is
 * shown) and the bidi embedding, override and isolate controls, which reorder what follows them
 * and can make a name or a title read as something else.
 */
const NOT_ONE_LINE = /[\n\r\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069]/u

/** True when the text shows at least one character. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0
}

/**
 * True for one line of text that shows at least one character. Titles, names and reasons must be
 * (the create-lot and sign-up forms check it before sending; the API refuses the rest with
 * `validation_failed`).
 */
export function isLineOfText(text: string): boolean {
  return hasVisibleText(text) && !NOT_ONE_LINE.test(text)
}

/** What a field that is not a line of text is told (the API's and the forms' message). */
export const LINE_OF_TEXT_MESSAGE = 'Must be one line with visible characters.'

/** Name of the JSON-schema format the API gives every such field (server/plugins/input.ts). */
export const VISIBLE_TEXT_FORMAT = 'visible-text'
