import type { ShowChatMessage, ShowState } from '../../common/shows.ts'
import type { Queryable } from '../db/types.ts'
import type { Page } from './page.ts'

/** What chat needs to know about its show. */
export interface ChatShow {
  id: string
  sellerId: string
  title: string
  state: ShowState
}

interface ChatRow {
  id: string
  show_id: string
  alias: string
  host: boolean
  body: string
  created_at: Date | string
}

const toMessage = (row: ChatRow): ShowChatMessage => ({
  id: String(row.id),
  showId: row.show_id,
  author: row.alias,
  host: row.host,
  body: row.body,
  at: new Date(row.created_at).toISOString(),
})

/**
 * The show, or undefined. Read without a lock: a busy chat must not queue behind (or hold up) the
 * host's moves on the show's row; a message that crosses the end's commit is one more message
 * in the ended show's history, which is harmless.
 */
export async function findChatShow(db: Queryable, id: string): Promise<ChatShow | undefined> {
  const { rows } = await db.query<{
    id: string
    seller_id: string
    title: string
    state: ShowState
  }>('select id, seller_id, title, state from shows where id = $1', [id])
  const row = rows[0]
  return row && { id: row.id, sellerId: row.seller_id, title: row.title, state: row.state }
}

/**
 * The selected message columns, joined to its author and its show (host). A viewer writes as
 * their public alias; the host as the seller's name, which the show's page already shows (sellers
 * go by their display name, decision 0025).
 */
const MESSAGE_COLUMNS = `c.id::text as id, c.show_id,
                         case when c.author_id = s.seller_id then u.name else u.alias end as alias,
                         c.author_id = s.seller_id as host, c.body, c.created_at`

export async function insertChatMessage(
  db: Queryable,
  m: { showId: string; authorId: string; body: string },
): Promise<ShowChatMessage> {
  const { rows } = await db.query<ChatRow>(
    `with c as (insert into show_chat (show_id, author_id, body) values ($1, $2, $3) returning *)
     select ${MESSAGE_COLUMNS} from c join users u on u.id = c.author_id
       join shows s on s.id = c.show_id`,
    [m.showId, m.authorId, m.body],
  )
  return toMessage(rows[0]!)
}

/**
 * A page of a show's chat, newest page first, each page oldest to newest (as the room shows it);
 * `nextCursor` asks for the messages before the page's oldest. Removed messages are left out.
 */
export async function chatPage(
  db: Queryable,
  showId: string,
  before: string | undefined,
  limit: number,
): Promise<Page<ShowChatMessage>> {
  const { rows } = await db.query<ChatRow>(
    `select ${MESSAGE_COLUMNS} from show_chat c join users u on u.id = c.author_id
       join shows s on s.id = c.show_id
      where c.show_id = $1 and c.deleted_at is null and ($2::bigint is null or c.id < $2)
      order by c.id desc limit $3`,
    [showId, before ?? null, limit + 1],
  )
  const page = rows.slice(0, limit).map(toMessage)
  const oldest = page[page.length - 1]
  return {
    items: page.reverse(),
    nextCursor: rows.length > limit && oldest ? oldest.id : null,
  }
}

/** A message's author, or undefined when the show has no such message (removed or not). */
export async function chatAuthor(
  db: Queryable,
  showId: string,
  messageId: string,
): Promise<{ authorId: string; deleted: boolean } | undefined> {
  const { rows } = await db.query<{ author_id: string; deleted: boolean }>(
    `select author_id, deleted_at is not null as deleted from show_chat
      where show_id = $1 and id = $2`,
    [showId, messageId],
  )
  const row = rows[0]
  return row && { authorId: row.author_id, deleted: row.deleted }
}

/** Marks a message removed; false when it already was. */
export async function removeChatMessage(
  db: Queryable,
  showId: string,
  messageId: string,
  by: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update show_chat set deleted_at = now(), deleted_by = $3
      where show_id = $1 and id = $2 and deleted_at is null`,
    [showId, messageId, by],
  )
  return (rowCount ?? 0) > 0
}

/** Muted in this show, or blocked by its seller (a blocked bidder is muted in every show of theirs). */
export async function isMuted(db: Queryable, show: ChatShow, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from show_mutes where show_id = $1 and user_id = $3
     union all
     select 1 from seller_blocks where seller_id = $2 and bidder_id = $3`,
    [show.id, show.sellerId, userId],
  )
  return rows.length > 0
}

export async function insertMute(db: Queryable, showId: string, userId: string, by: string) {
  await db.query(
    `insert into show_mutes (show_id, user_id, muted_by) values ($1, $2, $3)
     on conflict (show_id, user_id) do nothing`,
    [showId, userId, by],
  )
}

export async function deleteMute(db: Queryable, showId: string, userId: string) {
  await db.query('delete from show_mutes where show_id = $1 and user_id = $2', [showId, userId])
}
