import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isLineOfText, VISIBLE_TEXT_FORMAT } from '../../common/auction.ts'
import { AppError } from '../lib/problem.ts'

/**
 * Input rules every route gets, whatever its schema says.
 *
 * Every string the API reads must be text PostgreSQL can store and a person can read back: no NUL
 * (PostgreSQL text cannot hold it: a 500 at the database), no unpaired UTF-16 surrogate (`\udc00`
 * in JSON: not UTF-8 encodable, the database refuses it or stores U+FFFD, so two spellings would
 * become one value), and no other control character but tab, line feed and carriage return
 * (escape sequences and backspaces in a title or an e-mail address only deceive whoever reads
 * them). So before any schema runs, params, query and JSON body are walked once and such a
 * character anywhere — a value or a key, at any depth — is refused as 422 `validation_failed`
 * naming the field. One place, for every route, present and future (docs/security.md).
 */
export default fp(async function input(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const problem =
      problemIn(request.params, '', 'params', 0) ??
      problemIn(request.query, '', 'query', 0) ??
      bodyProblem(request.body as unknown)
    if (problem !== undefined) {
      throw new AppError(422, 'validation_failed', 'Some fields need attention.', {
        [problem.field]: problem.message,
      })
    }
  })
})

/**
 * No request of ours nests deeper than a few levels; a body nested thousands deep (256 KB of
 * `[[[[…`) would otherwise exhaust the stack of any recursive reader, this walk included.
 */
export const MAX_INPUT_DEPTH = 32

interface InputProblem {
  field: string
  message: string
}

function bodyProblem(body: unknown): InputProblem | undefined {
  if (Buffer.isBuffer(body)) return undefined // a picture: bytes, never stored as text
  return problemIn(body, '', 'body', 0)
}

/** The first NUL (or excess depth) found in `value`, with the dotted path to it. */
function problemIn(
  value: unknown,
  path: string,
  root: string,
  depth: number,
): InputProblem | undefined {
  const field = path || root
  if (typeof value === 'string') {
    const message = textProblem(value)
    return message === undefined ? undefined : { field, message }
  }
  if (value === null || typeof value !== 'object') return undefined
  if (depth >= MAX_INPUT_DEPTH) {
    // Named at its root: a path a thousand levels long helps nobody.
    return { field: root, message: `Must not be nested more than ${MAX_INPUT_DEPTH} levels deep.` }
  }
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value)
  for (const [key, item] of entries) {
    const keyMessage = textProblem(key)
    if (keyMessage !== undefined) return { field, message: keyMessage }
    const found = problemIn(item, path ? `${path}.${key}` : key, root, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
/** A surrogate standing alone (with the u flag a proper pair reads as one code point, not Cs). */
const UNPAIRED_SURROGATE = /\p{Cs}/u

/** Why `text` cannot be taken as it is, or undefined when it can. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'Must not contain NUL characters.'
  if (UNPAIRED_SURROGATE.test(text))
    return 'Must be valid Unicode text (an unpaired surrogate was sent).'
  if (CONTROL.test(text)) return 'Must not contain control characters.'
  return undefined
}

/** Ajv formats of our own, given to Fastify's validator (app.ts). */
export const INPUT_FORMATS = {
  [VISIBLE_TEXT_FORMAT]: (text: string) => isLineOfText(text),
}
