import {
  ADDRESSES_MAX,
  addressProblems,
  cleanAddress,
  type Address,
  type AddressInput,
} from '../../../common/orders/addresses.ts'
import type { Database } from '../../db/types.ts'
import { AppError, notFound, unauthenticated } from '../../lib/problem.ts'
import { lockUser } from '../../repositories/accounts.ts'
import {
  clearDefaultAddress,
  countAddresses,
  deleteAddress,
  insertAddress,
  promoteOldestAddress,
} from '../../repositories/addresses.ts'
import { runCommand, type CommandResult } from '../run-command.ts'

/**
 * `POST /api/me/addresses`: keeps a new address, at most ADDRESSES_MAX per member. The member's
 * row is locked first, so two adds at once cannot both pass the count. The first address, or one
 * sent with `isDefault`, becomes the default. With an Idempotency-Key (the offline queue sends
 * one) a repeat answers the same address and adds nothing.
 */
export async function addAddress(
  db: Database,
  input: { userId: string; address: AddressInput; key: string | undefined },
): Promise<CommandResult<Address>> {
  const problems = addressProblems(input.address)
  if (Object.keys(problems).length > 0) {
    throw new AppError(422, 'validation_failed', 'Some fields need attention.', problems)
  }
  const { userId } = input
  const once = {
    userId,
    scope: 'address' as const,
    key: input.key,
    parts: input.address,
    statusCode: 201,
  }
  return runCommand(db, { once }, async (tx) => {
    if (!(await lockUser(tx, userId))) throw unauthenticated()
    const count = await countAddresses(tx, userId)
    if (count >= ADDRESSES_MAX) {
      throw new AppError(
        409,
        'too_many_addresses',
        `You can keep at most ${ADDRESSES_MAX} addresses. Remove one first.`,
      )
    }
    const isDefault = count === 0 || input.address.isDefault === true
    if (isDefault) await clearDefaultAddress(tx, userId)
    return insertAddress(tx, userId, { ...cleanAddress(input.address), isDefault })
  })
}

/**
 * `DELETE /api/me/addresses/:id`: removes one of the member's addresses (404 for anyone else's);
 * when it was the default, the oldest remaining one takes its place. Orders keep their own copy.
 */
export async function removeAddress(
  db: Database,
  input: { userId: string; id: string },
): Promise<void> {
  await runCommand(db, {}, async (tx) => {
    if (!(await lockUser(tx, input.userId))) throw unauthenticated()
    if (!(await deleteAddress(tx, input.userId, input.id))) throw notFound('Address')
    await promoteOldestAddress(tx, input.userId)
  })
}
