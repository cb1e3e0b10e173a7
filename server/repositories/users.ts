import { normalizeEmail, type PublicUser, type Role } from '../../common/accounts.ts'
import type { MailLanguage } from '../../common/auth-tokens.ts'
import type { Queryable } from '../db/types.ts'
import { randomAlias } from '../lib/tokens.ts'

interface UserRow {
  id: string
  name: string
  email: string
  role: Role
  alias: string
  created_at: Date
  password_hash: string
  email_verified: boolean
  lang: MailLanguage
  suspended: boolean
}

export interface UserWithHash extends PublicUser {
  passwordHash: string
  /** The language mails to the member are written in. */
  lang: MailLanguage
  suspended: boolean
}

const COLUMNS = `id, name, email, role, alias, created_at, password_hash,
  email_verified_at is not null as email_verified, lang, suspended_at is not null as suspended`

function toUser(row: UserRow): UserWithHash {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    alias: row.alias,
    createdAt: row.created_at.toISOString(),
    emailVerified: row.email_verified,
    passwordHash: row.password_hash,
    lang: row.lang,
    suspended: row.suspended,
  }
}

export function toPublicUser({
  passwordHash: _hash,
  lang: _lang,
  suspended: _suspended,
  ...user
}: UserWithHash): PublicUser {
  return user
}

/**
 * Finds the account for any spelling of its address (see normalizeEmail). `lower()` still
 * matches rows stored before addresses were normalized at registration.
 */
export async function findUserByEmail(db: Queryable, email: string) {
  const { rows } = await db.query<UserRow>(
    `select ${COLUMNS} from users where lower(email) = lower($1)`,
    [normalizeEmail(email)],
  )
  return rows[0] ? toUser(rows[0]) : undefined
}

export async function findUserById(db: Queryable, id: string) {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id])
  return rows[0] ? toUser(rows[0]) : undefined
}

/** How many accounts there are (the demo seed runs only on an empty database). */
export async function countUsers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>('select count(*)::int as count from users')
  return rows[0]?.count ?? 0
}

/**
 * Inserts a user with a fresh public alias. Returns undefined when the email is taken. The alias
 * grows by a character on each collision, so the loop ends quickly even with many users. The
 * address is stored normalized, the one spelling sign-in and the sign-in limiter use.
 * The `not exists` checks cannot see a transaction that claims the address or alias at the same
 * moment (a second sign-up, a confirmed address change), so `on conflict do nothing` yields to a
 * clash on any unique key instead of failing with 23505; the lookup after it tells which key.
 */
export async function insertUser(
  db: Queryable,
  input: {
    name: string
    email: string
    passwordHash: string
    role?: Role
    lang?: MailLanguage
    /** Counts as verified from the start (demo accounts, whose addresses receive no mail). */
    verified?: boolean
  },
): Promise<UserWithHash | undefined> {
  const email = normalizeEmail(input.email)
  for (let length = 4; length <= 8; length++) {
    const { rows } = await db.query<UserRow>(
      `insert into users (name, email, password_hash, role, alias, lang, email_verified_at)
       select $1, $2, $3, $4, $5, $6, case when $7::boolean then now() end
       where not exists (select 1 from users where lower(email) = lower($2))
         and not exists (select 1 from users where alias = $5)
       on conflict do nothing
       returning ${COLUMNS}`,
      [
        input.name,
        email,
        input.passwordHash,
        input.role ?? 'member',
        randomAlias(length),
        input.lang ?? 'en',
        input.verified ?? false,
      ],
    )
    if (rows[0]) return toUser(rows[0])
    if (await findUserByEmail(db, email)) return undefined
  }
  throw new Error('Could not allocate a unique bidder alias')
}
