import type { Queryable } from '../../../server/db/types.ts'
import type { Member } from '../auction-helpers.ts'

/** Shared by the show suites: lots a seller may put in a show, and the host's requests. */

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

/** A scheduled lot (the only kind that may join a show), starting in an hour. */
export async function scheduledLot(
  db: Queryable,
  sellerId: string,
  options: { startingPrice?: number; title?: string } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into lots (seller_id, title, description, starting_price, starts_at, ends_at, status)
     values ($1, $2, 'A show lot', $3, now() + interval '1 hour', now() + interval '2 hours',
             'scheduled') returning id`,
    [sellerId, options.title ?? 'Show lot', options.startingPrice ?? 1_000],
  )
  return rows[0]!.id
}

export type Mode = 'standard' | 'sudden_death'
export const queue = (ids: string[], timerSeconds = 30, mode: Mode = 'standard') =>
  ids.map((lotId) => ({ lotId, timerSeconds, mode }))

export function createShow(m: Member, body: Record<string, unknown>) {
  return m.b.request({
    method: 'POST',
    url: '/api/shows',
    payload: { title: 'Friday sneakers', startsAt: inMinutes(30), ...body },
  })
}

export function hostMove(m: Member, showId: string, action: string, lotId?: string) {
  return m.b.request({
    method: 'POST',
    url: `/api/shows/${showId}/${action}`,
    ...(lotId === undefined ? {} : { payload: { lotId } }),
  })
}

export function putLots(m: Member, showId: string, lots: unknown) {
  return m.b.request({ method: 'PUT', url: `/api/shows/${showId}/lots`, payload: { lots } })
}

export async function lotRow(db: Queryable, id: string) {
  const { rows } = await db.query<{
    status: string
    show_id: string | null
    soft_close_seconds: number
    starts_at: Date
    ends_at: Date
    cancel_reason: string | null
  }>(
    'select status, show_id, soft_close_seconds, starts_at, ends_at, cancel_reason from lots where id = $1',
    [id],
  )
  return rows[0]!
}

export async function showLotStates(db: Queryable, showId: string) {
  const { rows } = await db.query<{ lot_id: string; state: string }>(
    'select lot_id, state from show_lots where show_id = $1 order by position',
    [showId],
  )
  return rows.map((r) => r.state)
}
