import type { PublicUser } from '../../../common/accounts.ts'
import { validateShowInput, type ShowDetail, type ShowInput } from '../../../common/shows.ts'
import type { Database } from '../../db/types.ts'
import { findShow, insertShow } from '../../repositories/shows.ts'
import { runCommand, type Audience, type CommandResult } from '../run-command.ts'
import { viewerPart } from './show-access.ts'
import { announceShow } from './show-events.ts'
import { refuseInvalid, setQueueIn } from './show-queue.ts'

/**
 * `POST /api/shows`: a scheduled show, with its queue when the body lists lots. A retry with the
 * same Idempotency-Key creates it once and gets the first answer.
 */
export async function createShow(
  db: Database,
  input: { user: Pick<PublicUser, 'id' | 'role'>; body: ShowInput; key: string | undefined },
  publishTo: Audience,
): Promise<CommandResult<ShowDetail>> {
  const now = new Date()
  const { body, user } = input
  refuseInvalid(validateShowInput(body, now))
  const once = {
    userId: user.id,
    scope: 'show-create' as const,
    key: input.key,
    parts: body,
    statusCode: 201,
  }
  return runCommand(db, { once, publishTo }, async (tx, events) => {
    const id = await insertShow(tx, {
      sellerId: user.id,
      title: body.title.trim(),
      description: (body.description ?? '').trim(),
      startsAt: new Date(body.startsAt),
      autoAdvanceSeconds: body.autoAdvanceSeconds ?? null,
    })
    const show = (await findShow(tx, id))!
    if (body.lots?.length) await setQueueIn(tx, events, show, body.lots, now)
    const shown = await announceShow(tx, events, id, { stateChanged: true, now })
    return { ...shown, my: await viewerPart(tx, show, user) }
  })
}
