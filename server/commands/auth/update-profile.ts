import type { ProfileInput, PublicUser } from '../../../common/accounts.ts'
import type { Database } from '../../db/types.ts'
import { unauthenticated } from '../../lib/problem.ts'
import { aliasTaken, lockUser, updateProfile } from '../../repositories/accounts.ts'
import { findUserById, toPublicUser } from '../../repositories/users.ts'
import { setLang } from '../../repositories/accounts-email.ts'
import { runCommand } from '../run-command.ts'
import { aliasTakenError, decideProfile } from './decide-account.ts'

/**
 * `PATCH /api/me`: the member's display name (shown as the seller of their lots), public
 * alias and mail language, under the member's row lock; 409 `alias_taken` when another account has the alias in any
 * case (the unique index on lower(alias) backs the check against a race).
 */
export async function updateMyProfile(
  db: Database,
  input: { userId: string; change: ProfileInput },
): Promise<PublicUser> {
  try {
    const { body } = await runCommand(db, {}, async (tx) => {
      const user = await lockUser(tx, input.userId)
      if (!user) throw unauthenticated()
      const change = decideProfile(input.change, user)
      if (change.alias !== undefined && (await aliasTaken(tx, change.alias, user.id)))
        throw aliasTakenError()
      await updateProfile(tx, user.id, change)
      if (input.change.lang) await setLang(tx, user.id, input.change.lang)
      return toPublicUser((await findUserById(tx, user.id))!)
    })
    return body
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw aliasTakenError()
    throw error
  }
}
