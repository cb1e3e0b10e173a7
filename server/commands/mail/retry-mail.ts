import type { AdminMail } from '../../../common/mail.ts'
import type { Database } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { insertAudit } from '../../repositories/admin.ts'
import { adminMailById, reviveDeadMail } from '../../repositories/mail-outbox.ts'

/**
 * An admin puts a dead mail back in the queue (audited 'mail.retry'): pending now, from its first
 * attempt, with the same Message-ID. Only a dead mail: anything else is 409 not_retryable.
 */
export async function retryMail(
  db: Database,
  input: { adminId: string; mailId: number; reason: string },
): Promise<AdminMail> {
  return db.transaction(async (tx) => {
    const revived = await reviveDeadMail(tx, input.mailId)
    if (!revived) {
      const found = await adminMailById(tx, input.mailId)
      if (!found) throw notFound('Mail')
      throw new AppError(409, 'not_retryable', `This mail is ${found.status}, not dead.`)
    }
    await insertAudit(tx, {
      adminId: input.adminId,
      action: 'mail.retry',
      targetType: 'mail',
      targetId: String(input.mailId),
      reason: input.reason,
      details: { kind: revived.kind, to: revived.toAddress },
    })
    return revived
  })
}
