import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import type { InjectOptions, RouteOptions } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE, IDEMPOTENCY_HEADER } from '../../common/config.ts'
import { createTestApp, testConfig } from './helpers.ts'
import { member, openLot } from './auction-helpers.ts'
import {
  containsNul,
  CURSOR_SAMPLES,
  hostileQueryValue,
  hostileValue,
  violates,
  type Schema,
} from './fuzz-schema.ts'

/**
 * The API fuzz suite: every route the app registers (collected as it is built, so a new route is
 * fuzzed without touching this file) gets hostile requests generated from its own schema, sent as
 * a member, as an admin, without a session and without the CSRF header. Every answer must be
 * below 500, every refusal application/problem+json, and a refused request must leave every table
 * exactly as it was (sessions aside). A request that certainly breaks its route's schema, or
 * carries a NUL character anywhere, must be refused.
 *
 * Seeded and bounded: FUZZ_RUNS (per route, default 30) and FUZZ_SEED run it longer or elsewhere.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30)
/** FUZZ_REPORT=1: list every kind of failure found (first example of each) instead of stopping. */
const REPORT = process.env.FUZZ_REPORT === '1'
const found = new Map<string, string>()
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_517)

interface CollectedRoute {
  method: string
  url: string
  params?: Schema
  querystring?: Schema
  body?: Schema
}

const routes: CollectedRoute[] = []
const config = testConfig({ LOT_IMAGE_UPLOAD_MAX: '100000' })
const t = await createTestApp({
  config,
  stripe: null,
  onRoute(route: RouteOptions) {
    const methods = [route.method].flat()
    const schema = (route.schema ?? {}) as Record<string, Schema | undefined>
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        params: schema.params,
        querystring: schema.querystring,
        body: schema.body,
      })
    }
  },
})
afterAll(async () => {
  if (REPORT) console.log([...found.values()].join('\n'))
  await t.close()
})

// Fixtures: a member with credit and a lot of their own, an admin with a lot the member can bid on.
const alice = await member(t.app, t.db, config, { credit: 500_000 })
const admin = await member(t.app, t.db, config, { role: 'admin', credit: 500_000 })
const aliceLot = await openLot(t.db, alice.id, { title: 'Alice lamp' })
const adminLot = await openLot(t.db, admin.id, { title: 'Admin clock' })

/** Every table except the session bookkeeping: the ones a refused request must not change. */
const TABLES = `select table_name as name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions'
  order by table_name`

/** One table's row count and a hash of every row. */
const digestOf = (name: string) =>
  `select count(*)::text || ':' ||
          md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) from "${name}" x`

/** Every table except the session bookkeeping: row count and a hash of every row. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await t.db.query<{ name: string }>(TABLES)
  const { rows } = await t.db.query<{ name: string; digest: string }>(
    tables
      .map(({ name }) => `select '${name}' as name, (${digestOf(name)}) as digest`)
      .join(' union all '),
  )
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]))
}

/*
 * Hashing every row of every table after each of the ~6,000 requests took most of this file's
 * time, though nearly every request writes nothing. The verdict stays the full snapshot's; it is
 * reached with less reading:
 * - Each watched table gets a row trigger (and a TRUNCATE trigger) that counts its writes in a
 *   sequence of its own and in one for all of them. A sequence counts even a write that is rolled
 *   back, and takes no lock, so the app's transactions run as they did.
 * - After a request, if no transaction id was used since the last look, nothing was written at
 *   all. If none of the watched tables was written to, only the schema can have changed their
 *   rows' text: the catalogs a row's text depends on (tables, columns, types, enum labels) are
 *   checked by their row count and newest row version.
 * - Otherwise one statement hashes again only the tables whose counter moved; a table nothing
 *   wrote to still has the rows it had. If the schema moved, the file goes back to hashing every
 *   table after every request.
 * A counter is only trusted as a starting point if it was read with no transaction under way (a
 * transaction counts its write before it commits); so a transaction still open at one look is
 * seen at the next.
 */
const { rows: watched } = await t.db.query<{ name: string }>(TABLES)
await t.db.query('create schema fuzz_watch')
await t.db.query('create sequence fuzz_watch.writes')
await t.db.query(`create function fuzz_watch.count_write() returns trigger language plpgsql as $$
  begin
    perform nextval(tg_argv[0]::regclass), nextval('fuzz_watch.writes');
    return null;
  end $$`)
for (const { name } of watched) {
  const counter = `fuzz_watch."${name}"`
  await t.db.query(`create sequence ${counter}`)
  await t.db.query(`create trigger fuzz_watch_rows after insert or update or delete on "${name}"
    for each row execute function fuzz_watch.count_write('${counter}')`)
  await t.db.query(`create trigger fuzz_watch_truncate after truncate on "${name}"
    for each statement execute function fuzz_watch.count_write('${counter}')`)
}

/** Whether no transaction is under way: only then is a counter read final for what it counts. */
const SETTLED = `(select pg_snapshot_xmin(s) = pg_snapshot_xmax(s) from pg_current_snapshot() s)`
/**
 * The next transaction id (it moves whenever anything is written, the sessions and the catalogs
 * included) and the count of writes to the watched tables.
 */
const MOVES = `select pg_snapshot_xmax(pg_current_snapshot())::text as xid,
  (select last_value::text || is_called::text from fuzz_watch.writes) as writes,
  ${SETTLED} as settled`
/** What a row's text depends on besides its values: the tables, columns, types, enum labels. */
const SCHEMA = ['pg_class', 'pg_attribute', 'pg_type', 'pg_enum']
  .map((c) => `(select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from ${c})`)
  .join(` || ' ' || `)
/** $n + 1: table n's counter before. A table whose counter has not moved is not hashed (null). */
const SINCE = [
  `select '(schema)' as name, ${SCHEMA} as mark, null as digest, ${SETTLED} as settled`,
  ...watched.map(
    ({ name }, n) =>
      `select '${name}', c.mark, case when c.mark is distinct from $${n + 1} then (${digestOf(name)}) end, null
         from (select last_value::text || is_called::text as mark from fuzz_watch."${name}") c`,
  ),
].join(' union all ')

/** The last counters read while no transaction was under way. */
let moves: { xid: string; writes: string } | undefined
let marks: Record<string, string> = {}
let schemaMoved = false

/** The snapshot now, given the one before (the tables as they were when `moves` was read). */
async function snapshotSince(before: Record<string, string>): Promise<Record<string, string>> {
  if (schemaMoved) return snapshot()
  const {
    rows: [now],
  } = await t.db.query<{ xid: string; writes: string; settled: boolean }>(MOVES)
  if (now!.settled) {
    const previous = moves
    moves = { xid: now!.xid, writes: now!.writes }
    // Nothing written at all, or nothing to the watched tables and the schema as it was.
    if (previous?.xid === now!.xid) return before
    if (previous?.writes === now!.writes) {
      const { rows } = await t.db.query<{ mark: string }>(`select ${SCHEMA} as mark`)
      if (rows[0]!.mark === marks['(schema)']) return before
      schemaMoved = true
      return snapshot()
    }
  }
  const { rows } = await t.db.query<{
    name: string
    mark: string
    digest: string | null
    settled: boolean | null
  }>(
    SINCE,
    watched.map(({ name }) => marks[name] ?? null),
  )
  const [schema] = rows.filter((r) => r.name === '(schema)')
  if ('(schema)' in marks && schema!.mark !== marks['(schema)']) {
    schemaMoved = true
    return snapshot()
  }
  if (schema!.settled) marks = Object.fromEntries(rows.map((r) => [r.name, r.mark]))
  const hashed = rows.filter((r) => r.digest !== null).map((r) => [r.name, r.digest!])
  return { ...before, ...Object.fromEntries(hashed) }
}

// ── Baseline values ─────────────────────────────────────────────────────────────────────────────

const NAMED: Record<string, () => unknown> = {
  email: () => `fuzz-${randomUUID().slice(0, 8)}@example.test`,
  password: () => 'a long enough password',
  socket_id: () => '1234.5678',
  channel_name: () => `private-wallet.${alice.id}`,
  userId: () => alice.id,
}

/** A well-formed value for `schema` (required properties only for objects). */
function baseline(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return undefined
  if (NAMED[name]) return NAMED[name]()
  if (schema.anyOf)
    return baseline(
      schema.anyOf.find((s) => s.type !== 'null'),
      name,
    )
  if ('const' in schema) return schema.const
  if (schema.type === 'object' || schema.properties) {
    return Object.fromEntries(
      (schema.required ?? []).map((key) => [key, baseline(schema.properties?.[key], key)]),
    )
  }
  if (schema.type === 'array') return []
  if (schema.type === 'integer' || schema.type === 'number') {
    return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Infinity)
  }
  if (schema.type === 'boolean') return true
  if (schema.format === 'date-time') return new Date(Date.now() + 3_600_000).toISOString()
  if (schema.pattern) {
    const [sample] = fc.sample(
      fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => /^[\x21-\x7e]+$/.test(s) && !violates(schema, s)),
      { numRuns: 1, seed: SEED },
    )
    return sample
  }
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 4))
}

// ── Variants ────────────────────────────────────────────────────────────────────────────────────

type Who = 'member' | 'admin' | 'guest' | 'no-csrf'

interface Variant {
  what: string
  params: Record<string, string>
  /** Raw path segments, put into the URL as they are (bad percent-encodings). */
  rawParams: Record<string, string>
  query: Array<[string, string]>
  /** Raw query string appended as it is. */
  rawQuery: string
  body: unknown
  rawBody?: Buffer
  idempotencyKey?: string
  /** The request certainly breaks the route's schema or the NUL rule: it must be refused. */
  mustRefuse: boolean
}

const BAD_PERCENT = ['%', '%E0%A4%A', '%ZZ', '%C0%80', '%FF', '%00', '%ED%A0%80', '..%2F..%2Fetc']
const INVALID_UTF8 = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xed, 0xa0, 0x80]),
]

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)/g)]
    .map((m) => m[1]!)
    .concat(url.includes('*') ? ['*'] : [])
}

function baseParams(route: CollectedRoute, lotId: string): Record<string, string> {
  return Object.fromEntries(
    paramNames(route.url).map((name) => [
      name,
      name === 'id'
        ? lotId
        : name === '*'
          ? 'missing/file.png'
          : String(baseline(route.params?.properties?.[name], name)),
    ]),
  )
}

function variants(route: CollectedRoute): fc.Arbitrary<Variant> {
  const names = paramNames(route.url)
  const start = fc.constantFrom(aliceLot, adminLot).map((lotId) => {
    const body = baseline(route.body)
    const query = Object.entries((baseline(route.querystring) ?? {}) as Record<string, unknown>)
    return {
      what: 'baseline',
      params: baseParams(route, lotId),
      rawParams: {},
      query: query.map(([k, v]) => [k, String(v)] as [string, string]),
      rawQuery: '',
      body,
      mustRefuse: false,
    } satisfies Variant
  })
  /** Mutations aimed at what the schema declares are drawn four times as often as the rest. */
  const mutations: Array<fc.WeightedArbitrary<(v: Variant) => Variant>> = []
  const aimed = (arbitrary: fc.Arbitrary<(v: Variant) => Variant>) =>
    mutations.push({ arbitrary, weight: 4 })
  const other = (arbitrary: fc.Arbitrary<(v: Variant) => Variant>) =>
    mutations.push({ arbitrary, weight: 1 })

  const bodyProps = Object.entries(route.body?.properties ?? {})
  if (bodyProps.length > 0) {
    aimed(
      fc.constantFrom(...bodyProps).chain(([key, schema]) =>
        hostileValue(schema, baseline(schema, key), key).map((value) => (v: Variant) => {
          const body = { ...(v.body as object), [key]: value }
          return { ...v, what: `body.${key}`, body, mustRefuse: violates(route.body!, body) }
        }),
      ),
    )
    other(
      fc.oneof(
        fc.constantFrom(...(route.body?.required ?? ['-'])).map((key) => (v: Variant) => {
          const body = { ...(v.body as Record<string, unknown>) }
          delete body[key]
          return {
            ...v,
            what: `body without ${key}`,
            body,
            mustRefuse: violates(route.body!, body),
          }
        }),
        fc
          .constantFrom('__proto__', 'constructor', 'status', 'extra', 'userId')
          .map((key) => (v: Variant) => {
            const body = JSON.parse(JSON.stringify({ ...(v.body as object) })) as Record<
              string,
              unknown
            >
            Object.defineProperty(body, key, {
              value: 'x',
              enumerable: true,
              configurable: true,
              writable: true,
            })
            return {
              ...v,
              what: `body.${key} extra`,
              body,
              mustRefuse: violates(route.body!, body),
            }
          }),
      ),
    )
  }
  if (route.method !== 'GET' && route.method !== 'HEAD') {
    other(
      fc.oneof(
        fc
          .constantFrom<unknown>(null, [], 'text', 42, [{}], { a: { b: { c: [] } } })
          .map((body) => (v: Variant) => ({
            ...v,
            what: 'body replaced',
            body,
            mustRefuse: route.body ? violates(route.body, body) : false,
          })),
        fc
          .tuple(fc.constantFrom(...INVALID_UTF8), fc.boolean())
          .map(([bytes, truncated]) => (v: Variant) => {
            const json = Buffer.from(JSON.stringify(v.body ?? {}))
            const raw = truncated
              ? Buffer.concat([json.subarray(0, Math.max(1, json.length - 2)), bytes])
              : Buffer.concat([Buffer.from('{"x":"'), bytes, Buffer.from('"}')])
            return {
              ...v,
              what: truncated ? 'broken JSON' : 'invalid UTF-8 in the body',
              rawBody: raw,
              mustRefuse:
                Boolean(route.body) && (truncated || route.body?.additionalProperties === false),
            }
          }),
      ),
    )
  }

  const queryProps = Object.entries(route.querystring?.properties ?? {})
  const queryMutation = (keys: string[]) =>
    fc.tuple(fc.constantFrom(...keys), fc.string({ maxLength: 10 })).chain(([key, seed]) => {
      const schema = route.querystring?.properties?.[key] ?? { type: 'string' }
      return hostileQueryValue(schema, seed || 'abc', key).map((value) => (v: Variant) => {
        const values = [value].flat()
        const query = [
          ...v.query.filter(([k]) => k !== key),
          ...values.map((x) => [key, x] as [string, string]),
        ]
        const asObject = Object.fromEntries(
          [...new Set(query.map(([k]) => k))].map((k) => {
            const all = query.filter(([q]) => q === k).map(([, x]) => x)
            return [k, all.length > 1 ? all : all[0]]
          }),
        )
        const broken = route.querystring ? violates(route.querystring, asObject) : false
        return { ...v, what: `query.${key}`, query, mustRefuse: broken || containsNul(values) }
      })
    })
  if (queryProps.length > 0) aimed(queryMutation(queryProps.map(([k]) => k)))
  other(queryMutation(['q', 'cursor', 'limit', 'zz']))
  other(
    fc.constantFrom(...BAD_PERCENT).map((raw) => (v: Variant) => ({
      ...v,
      what: 'query bad percent-encoding',
      rawQuery: `cursor=${raw}&q=${raw}`,
      mustRefuse: false,
    })),
  )

  if (names.length > 0) {
    aimed(
      fc.constantFrom(...names).chain((name) =>
        fc.oneof(
          fc.constantFrom(...BAD_PERCENT).map((raw) => (v: Variant) => ({
            ...v,
            what: `path ${name} raw`,
            rawParams: { [name]: raw },
            mustRefuse: name !== '*',
          })),
          hostileValue(route.params?.properties?.[name] ?? { type: 'string' }, v0(name)).map(
            (value) => (v: Variant) => ({
              ...v,
              what: `path ${name}`,
              params: {
                ...v.params,
                [name]: typeof value === 'string' ? value : JSON.stringify(value),
              },
              mustRefuse: name !== '*',
            }),
          ),
        ),
      ),
    )
  }
  other(
    fc
      .constantFrom(
        '',
        ' ',
        'a'.repeat(300),
        'ÿÿÿÿÿÿÿÿ',
        '../../x',
        'key,with,commas',
        '%00%00%00%00',
      )
      .map((key) => (v: Variant) => ({ ...v, what: 'idempotency key', idempotencyKey: key })),
  )
  return fc.tuple(start, fc.oneof(...mutations)).map(([v, mutate]) => mutate(v))
}

const v0 = (name: string) => (name === 'id' ? aliceLot : 'abc')

// ── Sending ─────────────────────────────────────────────────────────────────────────────────────

/** Percent-encodes text as UTF-8 bytes (a lone surrogate becomes U+FFFD instead of throwing). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')

function requestFor(route: CollectedRoute, variant: Variant, who: Who): InjectOptions {
  let path = route.url
  for (const name of paramNames(route.url)) {
    const raw = variant.rawParams[name]
    const value = raw ?? encode(variant.params[name] ?? 'x').replaceAll('%2F', '/')
    path = name === '*' ? path.replace('*', value) : path.replace(`:${name}`, value)
  }
  const query = [
    ...variant.query.map(([k, v]) => `${encode(k)}=${encode(v)}`),
    ...(variant.rawQuery ? [variant.rawQuery] : []),
  ].join('&')
  const headers: Record<string, string> = {}
  if (who !== 'no-csrf') headers[ASYNC_HEADER.toLowerCase()] = ASYNC_HEADER_VALUE
  if (who === 'member' || who === 'no-csrf') headers.cookie = alice.b.cookie!
  if (who === 'admin') headers.cookie = admin.b.cookie!
  headers[IDEMPOTENCY_HEADER.toLowerCase()] = variant.idempotencyKey ?? randomUUID()
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers,
  }
  if (route.method !== 'GET' && route.method !== 'HEAD') {
    headers['content-type'] = 'application/json'
    if (variant.rawBody) options.payload = variant.rawBody
    else if (variant.body !== undefined) options.payload = JSON.stringify(variant.body)
  }
  return options
}

const isWrite = (route: CollectedRoute) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(route.method) &&
  /^\/(api|broadcasting)\//.test(route.url) &&
  route.url !== '/api/stripe/webhook'

/** The body of the same request as a GET, when it was a HEAD (empty otherwise). */
async function headTwin(request: ReturnType<typeof requestFor>): Promise<string> {
  if (String(request.method).toUpperCase() !== 'HEAD') return ''
  return (await t.app.inject({ ...request, method: 'GET' })).body
}

/** A problem+json body's code; undefined for anything else (an empty or non-JSON body). */
function problemCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { code?: unknown }
    return typeof parsed.code === 'string' ? parsed.code : undefined
  } catch {
    return undefined
  }
}

/** Sends one variant and lists what is wrong with the answer (empty: refused as it should be). */
async function send(route: CollectedRoute, variant: Variant, as: Who) {
  const request = requestFor(route, variant, as)
  const response = await t.app.inject(request)
  const status = response.statusCode
  // A HEAD answer has no body: its problem's code is its GET twin's (asked before the snapshot).
  const code = status === 503 ? problemCode(response.body || (await headTwin(request))) : undefined
  const mustRefuse = variant.mustRefuse || (as === 'no-csrf' && isWrite(route))
  const after = await snapshotSince(last)
  const changed = JSON.stringify(after) !== JSON.stringify(last)
  last = after
  const seen = `${as} ${variant.what}: ${request.method} ${String(request.url).slice(0, 160)} → ${status} ${response.body.slice(0, 200)}`
  const paymentsOff = code === 'payments_not_configured'
  const problems = [
    !(status < 500 || paymentsOff) && 'a 5xx',
    mustRefuse && !(status >= 400 && status < 500) && 'not refused',
    status >= 400 &&
      !/^application\/problem\+json/.test(String(response.headers['content-type'])) &&
      'not problem+json',
    status >= 400 && changed && 'changed the database',
  ].filter((p): p is string => Boolean(p))
  return { problems, seen }
}

function record(route: CollectedRoute, variant: Variant, problems: string[], seen: string) {
  for (const p of problems) {
    const kind = `${route.method} ${route.url} ${variant.what.replace(/\s.*$/, '')} ${p}`
    if (!found.has(kind)) found.set(kind, `${kind}\n    ${seen}`)
  }
}

let last = await snapshotSince({})

describe('API fuzz: hostile input is refused with problem+json and changes nothing', () => {
  it('found the API’s routes', () => {
    expect(routes.length).toBeGreaterThan(20)
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/lots')
  })

  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      const who = fc.constantFrom<Who>('member', 'member', 'admin', 'guest', 'no-csrf')
      await fc.assert(
        fc.asyncProperty(variants(route), who, async (variant, as) => {
          const { problems, seen } = await send(route, variant, as)
          if (REPORT) return record(route, variant, problems, seen)
          expect(problems, seen).toEqual([])
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      )
    })
  }
})

// ── Every field, every killer value ─────────────────────────────────────────────────────────────
// Random draws can miss a value that breaks one field of one route. So each value that ever broke
// a field of its kind (a NUL, invisible-only text, integers past bigint, a hostile cursor) is also
// sent to every such field of every route, once, as a signed-in member.

const KILLERS = {
  string: ['\0', 'a\0b', '\u200b\u200b\u200b', '\u00ad\u2060\ufeff'],
  number: [2 ** 63, -(2 ** 63) - 1024, 1e21, 2 ** 53 + 2, -1, 0.5],
}

function killersFor(name: string, schema: Schema): unknown[] {
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat()
  const values: unknown[] = []
  if (/cursor/i.test(name)) values.push(...CURSOR_SAMPLES)
  if (types.includes('string')) values.push(...KILLERS.string)
  if (types.includes('integer') || types.includes('number')) values.push(...KILLERS.number)
  if (types.includes('array') && schema.items) {
    values.push(...killersFor('', schema.items).map((v) => [v]))
  }
  return values
}

function killerVariants(route: CollectedRoute): Variant[] {
  const start: Variant = {
    what: 'baseline',
    params: baseParams(route, aliceLot),
    rawParams: {},
    query: Object.entries((baseline(route.querystring) ?? {}) as Record<string, unknown>).map(
      ([k, v]) => [k, String(v)] as [string, string],
    ),
    rawQuery: '',
    body: baseline(route.body),
    mustRefuse: false,
  }
  const out: Variant[] = []
  for (const [key, schema] of Object.entries(route.body?.properties ?? {})) {
    for (const value of killersFor(key, schema)) {
      const body = { ...(start.body as object), [key]: value }
      const mustRefuse = violates(route.body!, body) || containsNul(value)
      out.push({ ...start, what: `body.${key} = ${JSON.stringify(value)}`, body, mustRefuse })
    }
  }
  for (const [key, schema] of Object.entries(route.querystring?.properties ?? {})) {
    for (const value of killersFor(key, schema).filter((v) => !Array.isArray(v))) {
      const text = String(value)
      const query = [...start.query.filter(([k]) => k !== key), [key, text] as [string, string]]
      const asObject = Object.fromEntries(query)
      const mustRefuse = violates(route.querystring!, asObject) || text.includes('\0')
      out.push({ ...start, what: `query.${key} = ${JSON.stringify(text)}`, query, mustRefuse })
    }
  }
  return out
}

describe('API fuzz, deterministic: every field of every route gets each killer value', () => {
  for (const route of routes) {
    const cases = killerVariants(route)
    if (cases.length === 0) continue
    it(`${route.method} ${route.url} (${cases.length} values)`, async () => {
      const failures: string[] = []
      for (const variant of cases) {
        const { problems, seen } = await send(route, variant, 'member')
        if (REPORT) record(route, variant, problems, seen)
        else if (problems.length > 0) failures.push(`${problems.join(', ')}: ${seen}`)
      }
      expect(failures).toEqual([])
    })
  }
})
