import type { Role } from '../../../common/accounts.ts'
import type { ShowChatMessage } from '../../../common/shows.ts'
import { chatBodyMessage, chatBodyProblem, cleanChatBody } from '../../../common/shows-chat.ts'
import { EVENTS, showChannel } from '../../../common/wire.ts'
import type { Database, Queryable } from '../../db/types.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import {
  chatAuthor,
  deleteMute,
  findChatShow,
  insertChatMessage,
  insertMute,
  isMuted,
  removeChatMessage,
  type ChatShow,
} from '../../repositories/show-chat.ts'
import { runCommand, type Audience } from '../run-command.ts'

type User = { id: string; role: Role }

/** The show, or 404. */
async function showOr404(tx: Queryable, showId: string): Promise<ChatShow> {
  const show = await findChatShow(tx, showId)
  if (!show) throw notFound('Show')
  return show
}

/** A message's text as stored, or a 422 that names the field. */
export function chatBodyOf(text: string): string {
  const problem = chatBodyProblem(text)
  if (problem === undefined) return cleanChatBody(text)
  throw new AppError(422, 'validation_failed', 'Some fields need attention.', {
    body: chatBodyMessage(problem),
  })
}

/**
 * A chat message (docs/product.md "Chat and following"): by a signed-in member, while the show is
 * live or paused, unless the host muted them (or their seller blocked them). Everyone in the room
 * hears `chat.message` after commit; the author has it from the answer.
 */
export async function postChatMessage(
  db: Database,
  request: { showId: string; user: User; body: string },
  publishTo?: Audience,
): Promise<ShowChatMessage> {
  const body = chatBodyOf(request.body)
  const { body: message } = await runCommand(db, { publishTo }, async (tx, events) => {
    const show = await showOr404(tx, request.showId)
    if (show.state === 'ended') throw new AppError(409, 'show_ended', 'The show is over.')
    if (show.state === 'scheduled') {
      throw new AppError(409, 'show_not_live', 'Chat opens when the show starts.')
    }
    if (await isMuted(tx, show, request.user.id)) {
      throw new AppError(403, 'chat_muted', 'The host muted you in this show’s chat.')
    }
    const message = await insertChatMessage(tx, {
      showId: show.id,
      authorId: request.user.id,
      body,
    })
    events.add({ channel: showChannel(show.id), name: EVENTS.chatMessage, data: message })
    return message
  })
  return message
}

/** The show's host or an admin may moderate its chat; anyone else is refused. */
function moderate(show: ChatShow, user: User): void {
  if (show.sellerId !== user.id && user.role !== 'admin') {
    throw forbidden('Only the host moderates this chat.')
  }
}

/** The author of one of the show's messages, or 404. */
async function authorOf(tx: Queryable, showId: string, messageId: string) {
  const found = await chatAuthor(tx, showId, messageId)
  if (!found) throw notFound('Message')
  return found
}

/**
 * Removes a message (the host or an admin): idempotent — removing it again changes nothing and
 * announces nothing. The room hears `chat.removed` once.
 */
export async function removeMessage(
  db: Database,
  request: { showId: string; messageId: string; user: User },
  publishTo?: Audience,
): Promise<void> {
  await runCommand(db, { publishTo }, async (tx, events) => {
    const show = await showOr404(tx, request.showId)
    moderate(show, request.user)
    await authorOf(tx, show.id, request.messageId)
    if (await removeChatMessage(tx, show.id, request.messageId, request.user.id)) {
      events.add({
        channel: showChannel(show.id),
        name: EVENTS.chatRemoved,
        data: { showId: show.id, messageId: request.messageId },
      })
    }
  })
}

/**
 * Mutes (or unmutes) the author of one of the show's messages in this show (the host or an
 * admin): idempotent both ways. The host cannot be muted in their own show (422).
 */
export async function setMuted(
  db: Database,
  request: { showId: string; messageId: string; user: User; muted: boolean },
): Promise<void> {
  await runCommand(db, {}, async (tx) => {
    const show = await showOr404(tx, request.showId)
    moderate(show, request.user)
    const { authorId } = await authorOf(tx, show.id, request.messageId)
    if (authorId === show.sellerId) {
      throw new AppError(422, 'validation_failed', 'The host cannot be muted.', {
        messageId: 'This message is the host’s own.',
      })
    }
    if (request.muted) await insertMute(tx, show.id, authorId, request.user.id)
    else await deleteMute(tx, show.id, authorId)
  })
}
