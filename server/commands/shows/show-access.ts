import type { PublicUser } from '../../../common/accounts.ts'
import type { ShowDetail } from '../../../common/shows.ts'
import type { Queryable } from '../../db/types.ts'
import { forbidden, notFound } from '../../lib/problem.ts'
import { lockShow, viewerOfShow, type ShowRow } from '../../repositories/shows.ts'

type Actor = Pick<PublicUser, 'id' | 'role'>

/** The show's host: its seller, or an admin (who may run or stop any show). */
export const isHost = (show: Pick<ShowRow, 'seller_id'>, user: Actor): boolean =>
  show.seller_id === user.id || user.role === 'admin'

/** Locks the show for its host's change: 404 when there is none, 403 for anyone else. */
export async function lockShowForHost(tx: Queryable, showId: string, user: Actor) {
  const show = await lockShow(tx, showId)
  if (!show) throw notFound('Show')
  if (!isHost(show, user)) throw forbidden('Only the show’s seller or an admin can do this.')
  return show
}

/** The viewer's part of a show (`ShowDetail.my`). */
export async function viewerPart(
  db: Queryable,
  show: Pick<ShowRow, 'id' | 'seller_id'>,
  user: Actor,
): Promise<NonNullable<ShowDetail['my']>> {
  const { following, muted } = await viewerOfShow(
    db,
    { id: show.id, sellerId: show.seller_id },
    user.id,
  )
  return { host: isHost(show, user), following, muted }
}
