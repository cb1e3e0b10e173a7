import type { PublicUser } from '../../../common/accounts.ts'
import {
  validateShowChange,
  type ShowChange,
  type ShowDetail,
  type ShowLotInput,
} from '../../../common/shows.ts'
import type { Database } from '../../db/types.ts'
import { AppError } from '../../lib/problem.ts'
import { moveQueuedStarts, moveShow, updateShow } from '../../repositories/shows.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { lockShowForHost, viewerPart } from './show-access.ts'
import { announceShow } from './show-events.ts'
import { refuseInvalid, setQueueIn } from './show-queue.ts'

type Actor = Pick<PublicUser, 'id' | 'role'>

const showEnded = () => new AppError(409, 'show_ended', 'This show is over.')

/**
 * `PATCH /api/shows/:id`: the host's changes to the title, description, start (only while
 * scheduled) and auto-advance. The queued lots' starts follow the show's.
 */
export async function editShow(
  db: Database,
  input: { showId: string; user: Actor; change: ShowChange },
  publishTo: Audience,
): Promise<ShowDetail> {
  const now = new Date()
  const { change, user } = input
  refuseInvalid(validateShowChange(change, now))
  const { body } = await runCommand(db, { publishTo }, async (tx, events) => {
    const show = await lockShowForHost(tx, input.showId, user)
    if (show.state === 'ended') throw showEnded()
    if (change.startsAt !== undefined && show.state !== 'scheduled')
      throw new AppError(409, 'show_not_editable', 'The show has started: its start is fixed.')
    const startsAt = change.startsAt === undefined ? undefined : new Date(change.startsAt)
    await updateShow(
      tx,
      show.id,
      {
        title: change.title?.trim(),
        description: change.description?.trim(),
        startsAt,
        autoAdvanceSeconds: change.autoAdvanceSeconds,
      },
      now,
    )
    if (startsAt) await moveQueuedStarts(tx, show.id, startsAt, now)
    const shown = await announceShow(tx, events, show.id, { stateChanged: false, now })
    return { ...shown, my: await viewerPart(tx, show, user) }
  })
  return body
}

/** `PUT /api/shows/:id/lots`: the queue, whole and in order (show-queue.ts says the rules). */
export async function setShowLots(
  db: Database,
  input: { showId: string; user: Actor; lots: ShowLotInput[] },
  publishTo: Audience,
): Promise<ShowDetail> {
  const now = new Date()
  const { body } = await runCommand(db, { publishTo }, async (tx, events) => {
    const show = await lockShowForHost(tx, input.showId, input.user)
    if (show.state === 'ended') throw showEnded()
    await setQueueIn(tx, events, show, input.lots, now)
    await moveShow(tx, show, {}, now)
    const shown = await announceShow(tx, events, show.id, { stateChanged: false, now })
    return { ...shown, my: await viewerPart(tx, show, input.user) }
  })
  return body
}
