import fc from 'fast-check'

/**
 * The subset of JSON schema (TypeBox output) the API's routes use, and what the fuzz suite derives
 * from it: a well-formed baseline value, hostile variants around each constraint, and a small
 * checker that says when a value certainly breaks the schema (so the API must refuse it).
 */
export interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  maxItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  format?: string
  anyOf?: Schema[]
  enum?: unknown[]
  const?: unknown
  not?: Schema
}

const typeOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value

function typeMatches(schema: Schema, value: unknown): boolean {
  if (schema.type === undefined) return true
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  const actual = typeOf(value)
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'))
}

const codePoints = (text: string) => [...text].length

/**
 * True when `value` certainly breaks `schema`. Formats other than the ones the API defines itself
 * are not judged (false = "may be accepted").
 */
export function violates(schema: Schema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.every((option) => violates(option, value))
  if ('const' in schema && value !== schema.const) return true
  if (schema.enum && !schema.enum.includes(value)) return true
  if (schema.not && !violates(schema.not, value)) return true
  if (!typeMatches(schema, value)) return true
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return true
    if (schema.minimum !== undefined && value < schema.minimum) return true
    if (schema.maximum !== undefined && value > schema.maximum) return true
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && codePoints(value) < schema.minLength) return true
    if (schema.maxLength !== undefined && codePoints(value) > schema.maxLength) return true
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return true
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return true
    if (schema.items && value.some((item) => violates(schema.items!, item))) return true
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>
    for (const name of schema.required ?? []) if (!(name in record)) return true
    for (const [name, item] of Object.entries(record)) {
      const property = schema.properties?.[name]
      if (property) {
        if (violates(property, item)) return true
      } else if (schema.additionalProperties === false) return true
    }
  }
  return false
}

/** Any NUL character anywhere in a value (keys included). */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (Array.isArray(value)) return value.some(containsNul)
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k.includes('\0') || containsNul(v))
  }
  return false
}

const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u3164', '\u2800']
const CONTROL = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c))

/** Values of the wrong kind for any schema: every JSON type, and a number's odd spellings. */
const wrongKinds: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 63,
  2 ** 64,
  -(2 ** 63) - 1024,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x10',
  '1_000',
  '١٢٣',
  [],
  [1, 2],
  ['a'],
  {},
  { $gt: '' },
  { toString: 'x' },
)

/** Strings that stress text handling: NUL, controls, invisibles, lone surrogates, huge lengths. */
export function hostileString(base: string, schema: Schema): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 1000
  return fc.oneof(
    fc.nat({ max: base.length }).map((i) => `${base.slice(0, i)}\0${base.slice(i)}`),
    fc.constant('\0'),
    CONTROL.map((c) => `${base}${c}${base}`),
    fc.array(fc.constantFrom(...INVISIBLE), { minLength: 1, maxLength: 12 }).map((a) => a.join('')),
    fc.constant(`${base}\ud800`),
    fc.constant('x'.repeat(max + 1)),
    fc.constant('x'.repeat(Math.max(0, (schema.minLength ?? 0) - 1))),
    fc.constant('\u{1F600}'.repeat(Math.max(1, Math.ceil(max / 2) + 1))),
    fc.constant('a'.repeat(100_000)),
    fc.constant(`${base}' or 1=1 --`),
    fc.constant('%00%ff%'),
    fc.string({ unit: 'binary', maxLength: 40 }),
  )
}

/** Numbers around the schema's bounds, and beyond every database integer type. */
export function hostileNumber(schema: Schema): fc.Arbitrary<unknown> {
  const edges: unknown[] = [-1, 0, 1.000001, 2 ** 31, 2 ** 31 - 1, 2 ** 63, -(2 ** 63), 1e21]
  if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum - 0.5)
  if (schema.maximum !== undefined) edges.push(schema.maximum + 1, schema.maximum + 0.5)
  return fc.oneof(
    fc.constantFrom(...edges),
    fc.double(),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => Number(n)),
  )
}

/**
 * Opaque list cursors: base64url JSON the server decodes, so the hostile ones are well-encoded
 * JSON holding what the database cannot take (huge or fractional numbers, ids that are no UUID),
 * plain numbers past bigint, and text that is not base64 at all.
 */
const VALID_CURSOR: unknown[] = [0, 1_700_000_000_000_000, '00000000-0000-0000-0000-000000000000']
const CURSOR_PARTS: unknown[][] = [
  [3, -1, 2 ** 31, 2 ** 53, 1e300, 0.5, '0', null],
  [-1, 2 ** 53, 2 ** 63, 1e300, -1e300, 0.5, 'x', null],
  [
    '------------------------------------',
    'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    '',
    7,
    'a'.repeat(36),
  ],
]
const hostileCursor: fc.Arbitrary<string> = fc.oneof(
  // A well-formed cursor with one part the database cannot take.
  {
    weight: 4,
    arbitrary: fc
      .nat({ max: 2 })
      .chain((i) =>
        fc
          .constantFrom(...CURSOR_PARTS[i]!)
          .map((part) => VALID_CURSOR.map((valid, j) => (j === i ? part : valid))),
      )
      .map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url')),
  },
  fc.constantFrom('9'.repeat(15), '9'.repeat(19), '18446744073709551616', '-1', '1.5', '1e10'),
  fc.constantFrom('!!!!', '====', 'e30', 'W10', 'bnVsbA', '%%%'),
)

/** A fixed handful of hostile cursors, for the deterministic pass of the fuzz suite. */
export const CURSOR_SAMPLES: string[] = fc.sample(hostileCursor, { numRuns: 16, seed: 1 })

/** Hostile stand-ins for one value of `schema`, next to its well-formed `base`. */
export function hostileValue(schema: Schema, base: unknown, name = ''): fc.Arbitrary<unknown> {
  const kinds: Array<fc.Arbitrary<unknown>> = [wrongKinds]
  // A cursor's schema says only "a string": its real shape is known by name, so aim there.
  if (/cursor|after/i.test(name)) kinds.push(...Array<fc.Arbitrary<unknown>>(6).fill(hostileCursor))
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat()
  if (types.includes('string') || typeof base === 'string') {
    kinds.push(hostileString(typeof base === 'string' ? base : 'abc', schema))
  }
  if (types.includes('integer') || types.includes('number')) {
    const numeric = schema.anyOf?.find((s) => s.type === 'integer') ?? schema
    kinds.push(hostileNumber(numeric), hostileNumber(numeric).map(String))
  }
  if (types.includes('array') && schema.items) {
    kinds.push(
      hostileValue(schema.items, undefined).map((item) => [item]),
      fc.array(hostileValue(schema.items, undefined), { maxLength: 3 }),
      fc.constant(Array.from({ length: (schema.maxItems ?? 100) + 1 }, (_, i) => i + 1)),
    )
  }
  return fc.oneof(...kinds)
}

/** The same, as a query-string value: always text, or a list (a repeated parameter). */
export function hostileQueryValue(
  schema: Schema,
  base: string,
  name: string,
): fc.Arbitrary<string | string[]> {
  const asText = hostileValue(schema, base, name).map((v) =>
    typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v),
  )
  return fc.oneof(
    { weight: 4, arbitrary: asText },
    fc.tuple(asText, asText).map((pair) => [...pair]),
    fc.constant<string[]>([base, base]),
  )
}
