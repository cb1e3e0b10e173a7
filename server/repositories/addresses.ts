import type { Address } from '../../common/orders/addresses.ts'
import type { Queryable } from '../db/types.ts'

interface AddressRow {
  id: string
  name: string
  line1: string
  line2: string | null
  town: string
  postal_code: string
  country: string
  phone: string | null
  is_default: boolean
  created_at: Date
}

const COLUMNS = 'id, name, line1, line2, town, postal_code, country, phone, is_default, created_at'

const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  name: row.name,
  line1: row.line1,
  line2: row.line2,
  town: row.town,
  postalCode: row.postal_code,
  country: row.country,
  phone: row.phone,
  isDefault: row.is_default,
  createdAt: row.created_at.toISOString(),
})

/** The member's book, the default first, then oldest first. */
export async function listAddresses(db: Queryable, userId: string): Promise<Address[]> {
  const { rows } = await db.query<AddressRow>(
    `select ${COLUMNS} from addresses where user_id = $1 order by is_default desc, created_at, id`,
    [userId],
  )
  return rows.map(toAddress)
}

export async function findAddress(
  db: Queryable,
  userId: string,
  id: string,
): Promise<Address | undefined> {
  const { rows } = await db.query<AddressRow>(
    `select ${COLUMNS} from addresses where user_id = $1 and id = $2`,
    [userId, id],
  )
  return rows[0] ? toAddress(rows[0]) : undefined
}

export async function countAddresses(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from addresses where user_id = $1',
    [userId],
  )
  return rows[0]!.n
}

/** Clears the member's default, so another address can take it. */
export async function clearDefaultAddress(db: Queryable, userId: string): Promise<void> {
  await db.query('update addresses set is_default = false where user_id = $1 and is_default', [
    userId,
  ])
}

export async function insertAddress(
  db: Queryable,
  userId: string,
  address: Omit<Address, 'id' | 'createdAt'>,
): Promise<Address> {
  const { rows } = await db.query<AddressRow>(
    `insert into addresses (user_id, name, line1, line2, town, postal_code, country, phone, is_default)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning ${COLUMNS}`,
    [
      userId,
      address.name,
      address.line1,
      address.line2,
      address.town,
      address.postalCode,
      address.country,
      address.phone,
      address.isDefault,
    ],
  )
  return toAddress(rows[0]!)
}

/** Removes one address; false when the member has none with that id. */
export async function deleteAddress(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from addresses where user_id = $1 and id = $2', [
    userId,
    id,
  ])
  return rowCount > 0
}

/** After the default was removed: the oldest remaining address becomes the default. */
export async function promoteOldestAddress(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update addresses set is_default = true
      where id = (select id from addresses where user_id = $1 order by created_at, id limit 1)
        and not exists (select 1 from addresses where user_id = $1 and is_default)`,
    [userId],
  )
}
