import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { inject } from 'vitest'
import { buildApp, type AppDependencies } from '../../server/app.ts'
import { ConfigError, loadConfig, type Config } from '../../server/config.ts'
import { openPglite, type PgliteDatabase } from '../../server/db/pglite.ts'
import { createScratchDatabase } from '../../server/db/scratch.ts'
import type { Database } from '../../server/db/types.ts'
import type { DeliverOptions, FakeStripe } from '../stripe/fake-stripe-api.ts'

/**
 * The server suites run on PGlite by default and on the real PostgreSQL at 127.0.0.1:5432 with
 * LOTLINE_TEST_DATABASE=pg (npm run test:pg). Each test database is fresh and dropped afterwards.
 */
export const onPostgres = process.env.LOTLINE_TEST_DATABASE === 'pg'
/** Said in a race test's name: on PGlite transactions run one at a time, so nothing races there. */
export const raceNote = onPostgres
  ? ' (a real race on PostgreSQL)'
  : ' (serialized on PGlite: no real race)'
const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

let snapshot: Promise<Blob> | undefined
/** The migrated cluster tests/server/pglite-snapshot.ts dumped once for the whole run. */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([bytes]))
  return snapshot
}

/**
 * A PGlite database a file has closed, emptied back to the migrated snapshot, for the next file in
 * this worker: loading the snapshot into a new instance takes about half a second of CPU, emptying
 * one about 60 ms, and the server files ask for some 200 databases per run. One whose structure a
 * test changed (a table, column, function, trigger, schema, role or setting that the snapshot does
 * not have) is closed instead, as is one that does not empty cleanly (docs/testing.md).
 */
const spares: PgliteDatabase[] = []
const SPARES_KEPT = 2

/**
 * Everything a database has besides its rows: user objects (oid 16384 and up) in the catalogs, by
 * name and definition; plus the rows the snapshot has (the applied migrations).
 */
const STRUCTURE = `select md5(string_agg(x, E'\\n' order by x)) as structure from (
  select 'n ' || nspname from pg_namespace
  union all select 'c ' || relnamespace::regnamespace || '.' || relname || ' ' || relkind::text || ' ' ||
    relpersistence::text from pg_class where oid >= 16384
  union all select 'a ' || attrelid::regclass || ' ' || attnum || ' ' || attname || ' ' ||
    atttypid::regtype || ' ' || attnotnull || ' ' || attisdropped from pg_attribute
    where attrelid >= 16384
  union all select 'd ' || adrelid::regclass || ' ' || adnum || ' ' || pg_get_expr(adbin, adrelid)
    from pg_attrdef
  union all select 'f ' || oid::regprocedure || ' ' || md5(prosrc) from pg_proc where oid >= 16384
  union all select 't ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text from pg_trigger
    where oid >= 16384
  union all select 'k ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where oid >= 16384
  union all select 'i ' || indexrelid::regclass || ' ' || pg_get_indexdef(indexrelid) from pg_index
    where indexrelid >= 16384
  union all select 'y ' || oid::regtype from pg_type where oid >= 16384
  union all select 'e ' || enumtypid::regtype || ' ' || enumlabel || ' ' || enumsortorder
    from pg_enum
  union all select 'r ' || ev_class::regclass || ' ' || rulename from pg_rewrite where oid >= 16384
  union all select 's ' || seqrelid::regclass || ' ' || seqstart || ' ' || seqincrement || ' ' ||
    seqmin || ' ' || seqmax || ' ' || seqcycle from pg_sequence
  union all select 'x ' || extname || ' ' || extversion from pg_extension
  union all select 'u ' || rolname from pg_roles
  union all select 'g ' || setdatabase || ' ' || setrole || ' ' || setconfig::text
    from pg_db_role_setting
  union all select 'b ' || datname from pg_database
  union all select 'm ' || m::text from schema_migrations m
) s(x)`

/** The snapshot's structure, read from the first database loaded from it in this worker. */
let pristine: Promise<string> | undefined

const structureOf = async (db: Pick<Database, 'query'>) =>
  (await db.query<{ structure: string }>(STRUCTURE)).rows[0]!.structure

/** Empties `db` back to the snapshot and keeps it for the next file, or closes it. */
async function giveBack(db: PgliteDatabase): Promise<void> {
  try {
    if (spares.length < SPARES_KEPT && (await structureOf(db)) === (await pristine)) {
      const { rows } = await db.query<{ name: string }>(
        `select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname = 'public' and tablename <> 'schema_migrations'`,
      )
      await db.query(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`)
      // Session state: settings, prepared statements, temporary tables, advisory locks, LISTEN.
      await db.query('discard all')
      spares.push(db)
      return
    }
  } catch {
    // not reusable: closed below
  }
  await db.close().catch(() => {})
}

/** A database lent to one file: it answers nothing once closed, as a closed PGlite does. */
function lent(db: PgliteDatabase): Database {
  let closed = false
  const open = () => {
    if (closed) throw new Error('PGlite is closed')
  }
  return {
    kind: db.kind,
    query: async (sql, params) => (open(), db.query(sql, params)),
    transaction: async (work) => (open(), db.transaction(work)),
    async close() {
      if (closed) return
      closed = true
      await giveBack(db)
    },
  }
}

export async function createTestDatabase(): Promise<Database> {
  if (!onPostgres) {
    const spare = spares.pop()
    if (spare) return lent(spare)
    const db = await openPglite(undefined, { loadDataDir: await migratedSnapshot() })
    pristine ??= structureOf(db)
    await pristine
    return lent(db)
  }
  const { db, drop } = await createScratchDatabase(ADMIN_URL, 'lotline_test', 20)
  const close = db.close.bind(db)
  return {
    ...db,
    kind: db.kind,
    query: db.query.bind(db),
    transaction: db.transaction.bind(db),
    async close() {
      await close()
      await drop()
    },
  }
}

/** One scratch data directory per test process (uploads land there, never in ./.data). */
const TEST_DATA_DIR = join(tmpdir(), `lotline-test-${process.pid}`)

/** What `loadConfig` refuses in `env`, one line per problem; [] when it starts. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

/**
 * Suites register a fresh account per test from one address (127.0.0.1), more than the real
 * registration limit allows; tests of the limits pass their own values or use loadConfig.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: TEST_DATA_DIR,
    // Tests sign up, list lots and start top-ups far faster than people do; the limits
    // themselves are tested with their real values or small ones (security.test.ts).
    SIGNUP_LIMIT_PER_ADDRESS: '1000/1h',
    LOT_CREATE_LIMIT_PER_MEMBER: '1000/1h',
    TOP_UP_LIMIT_PER_MEMBER: '1000/1h',
    TOP_UP_READ_LIMIT_PER_MEMBER: '10000/1m',
    // A loaded CI machine can take longer than production's 300 ms for a page's answers; the
    // bound itself is tested on its own (first-screen-answers.test.ts).
    SHELL_ANSWER_WAIT_MS: '5000',
    // scrypt at 2^10 instead of 2^15: the suites hash thousands of passwords; the production cost
    // and its floor are tested on their own (tests/server/passwords.test.ts).
    PASSWORD_HASH_COST: '10',
    // Local mode's demo fees (5 % and 10 %) would change every hold and sale the suites check; the
    // fees are tested where they are set (tests/server/orders/, sales-config.test.ts).
    BUYER_PREMIUM_PERCENT: '0',
    SELLER_FEE_PERCENT: '0',
    // Local mode's demo credit would give every member the suites register 500.00; it is tested
    // where it is granted (tests/server/money-out/).
    DEMO_CREDIT: '0',
    MONEY_OUT_LIMIT_PER_MEMBER: '1000/1h',
    ...env,
  })
}

export interface TestApp {
  app: FastifyInstance
  db: Database
  close(): Promise<void>
}

export async function createTestApp(
  overrides: Partial<AppDependencies> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const db = overrides.db ?? (await createTestDatabase())
  const config = overrides.config ?? testConfig(overrides.env)
  const app = await buildApp({ logger: false, ...overrides, config, db })
  await app.ready()
  return {
    app,
    db,
    async close() {
      await app.close()
      await db.close()
    },
  }
}

export const XHR = { 'x-requested-with': 'XMLHttpRequest' }

/** A browser-like client: keeps the session cookie between requests, sends the async header. */
export function browser(app: FastifyInstance) {
  let cookie: string | undefined
  return {
    get cookie() {
      return cookie
    },
    set cookie(value: string | undefined) {
      cookie = value
    },
    async request(options: InjectOptions) {
      const response = await app.inject({
        ...options,
        headers: { ...XHR, ...(cookie ? { cookie } : {}), ...options.headers },
      })
      const setCookie = response.cookies.find((c) => c.name === 'lotline_session')
      if (setCookie) cookie = setCookie.value ? `lotline_session=${setCookie.value}` : undefined
      return response
    },
  }
}

/**
 * A new member signed up through the API, as a browser does it (a real password, hashed): `b`
 * keeps the session. The answer is returned too, for the suites that check it.
 */
export async function signUp(
  app: FastifyInstance,
  account: { name: string; password: string; emailPrefix: string },
) {
  const email = uniqueEmail(account.emailPrefix)
  const b = browser(app)
  const res = await b.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: account.name, email, password: account.password },
  })
  return { b, res, email, user: res.json().user as { id: string; alias: string; email: string } }
}

let counter = 0
export function uniqueEmail(prefix = 'user') {
  counter += 1
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.test`
}

/** Stripe's webhook about PaymentIntent `piId`, signed by the stand-in, delivered in process. */
export function injectWebhook(
  app: FastifyInstance,
  stripe: FakeStripe,
  type: string,
  piId: string,
  options: DeliverOptions = {},
) {
  const { body, headers } = stripe.signed(type, stripe.intents.get(piId)!, options)
  return app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload: body })
}

/** A mail as the outbox keeps it in the suites (local mode, no SMTP_URL: status `kept`). */
export interface KeptMail {
  userId: string | null
  to: string
  toName: string | null
  kind: string
  lang: string
  subject: string
  text: string
  html: string
  status: string
}

/** The mails written to `address` (any kind unless `kind` says), oldest first. */
export async function mailsTo(
  db: Pick<Database, 'query'>,
  address: string,
  kind?: string,
): Promise<KeptMail[]> {
  const { rows } = await db.query<KeptMail>(
    `select user_id as "userId", to_address as "to", to_name as "toName", kind, lang, subject,
            text_body as text, html_body as html, status
       from mail_outbox
      where lower(to_address) = lower($1) and ($2::text is null or kind = $2)
      order by id`,
    [address, kind ?? null],
  )
  return rows
}

/**
 * The token of the link to the app's `path` (e.g. `verify-email`) in the newest such mail to
 * `address`, read from the plain text as a person would read it.
 */
export async function mailedToken(
  db: Pick<Database, 'query'>,
  address: string,
  kind: string,
  path: string,
): Promise<string> {
  const mail = (await mailsTo(db, address, kind)).at(-1)
  if (!mail) throw new Error(`no ${kind} mail to ${address}`)
  const link = new RegExp(`https?://\\S+/${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)
  if (!link) throw new Error(`no ${path} link in the ${kind} mail to ${address}`)
  return link[1]!
}

/**
 * Verifies `address` the way its owner does: opens the link of the newest verification mail.
 * For the suites about something else that need a verified member (card top-ups, payouts).
 */
export async function verifyByMail(
  app: FastifyInstance,
  db: Pick<Database, 'query'>,
  address: string,
): Promise<void> {
  const token = await mailedToken(db, address, 'verify_email', 'verify-email')
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    headers: XHR,
    payload: { token },
  })
  if (res.statusCode !== 204) throw new Error(`verification failed: ${res.statusCode} ${res.body}`)
}
