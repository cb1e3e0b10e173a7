import type { Database } from '../../db/types.ts'
import { markRead, unreadCount } from '../../repositories/notifications.ts'
import { runCommand, type CommandResult } from '../run-command.ts'

/**
 * Marks the given notifications read, or all of them when `ids` is omitted. Idempotent; with an
 * Idempotency-Key (the offline queue sends one) a repeat gets the first answer back.
 */
export async function markNotificationsRead(
  db: Database,
  input: { userId: string; ids: number[] | undefined; key: string | undefined },
): Promise<CommandResult<{ updated: number; unread: number }>> {
  const { userId, ids } = input
  const once = {
    userId,
    scope: 'notifications-read' as const,
    key: input.key,
    parts: [ids ?? null],
  }
  return runCommand(db, { once }, async (tx) => {
    const updated = await markRead(tx, userId, ids)
    return { updated, unread: await unreadCount(tx, userId) }
  })
}
