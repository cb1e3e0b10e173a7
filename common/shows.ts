/**
 * Live shows (issue 34, decision 0061): a seller's lots run back to back on short timers in one
 * room with chat. The limits, the states, what each host move does in each state, and the shapes
 * the API answers with. Both sides use these; docs/product.md "Live shows" says the same in prose.
 */
import type { LotSummary } from './auction.ts'
import {
  DESCRIPTION_MAX_LENGTH,
  START_SKEW_MS,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
} from './auction/limits.ts'
import { isLineOfText, LINE_OF_TEXT_MESSAGE } from './auction/text.ts'
import { isUuid } from './wire.ts'

/** A show lot runs 10 s to 2 min once the host opens it. */
export const SHOW_TIMER_MIN_SECONDS = 10
export const SHOW_TIMER_MAX_SECONDS = 120
export const SHOW_TIMER_DEFAULT_SECONDS = 30
/**
 * Standard mode: a bid with less than this left resets the clock to it (Whatnot's counter-bid
 * time). Sudden death: no bid extends the clock.
 */
export const SHOW_SOFT_CLOSE_SECONDS = 10
export const SHOW_MODES = ['standard', 'sudden_death'] as const
export type ShowMode = (typeof SHOW_MODES)[number]
/** Lots in one show. */
export const SHOW_LOTS_MAX = 50
/** Auto-advance: the next lot opens this many seconds after a result (0–120), or the host opens each. */
export const SHOW_AUTO_ADVANCE_MAX_SECONDS = 120
/** A show may be scheduled at most 30 days ahead, like a lot. */
export const SHOW_SCHEDULE_AHEAD_MAX_MS = 30 * 24 * 3_600_000
/** Followers are reminded this long before a show starts (once). */
export const SHOW_REMINDER_MS = 15 * 60_000
/** A chat message: 1–300 characters. */
export const SHOW_CHAT_MAX_LENGTH = 300
/** A member may send at most this many chat messages in a window (per show). */
export const SHOW_CHAT_RATE = { messages: 5, windowMs: 10_000 } as const
/** Chat history page size. */
export const SHOW_CHAT_PAGE = 50

export const SHOW_STATES = ['scheduled', 'live', 'paused', 'ended'] as const
export type ShowState = (typeof SHOW_STATES)[number]
/** A show lot: waiting in the queue, on the block, ended (sold or unsold), or skipped by the host. */
export const SHOW_LOT_STATES = ['queued', 'running', 'done', 'skipped'] as const
export type ShowLotState = (typeof SHOW_LOT_STATES)[number]

export const HOST_ACTIONS = ['start', 'next', 'pause', 'resume', 'skip', 'end'] as const
export type HostAction = (typeof HOST_ACTIONS)[number]

/** The lot's soft-close window for a show lot of this mode (lots.soft_close_seconds). */
export const showSoftCloseSeconds = (mode: ShowMode): number =>
  mode === 'standard' ? SHOW_SOFT_CLOSE_SECONDS : 0

/** What the host's move meets: the show's state, whether a lot is on the block, the queue's head. */
export interface HostSituation {
  state: ShowState
  running: boolean
  /** The next queued lot's id, or null when the queue is empty. */
  nextLotId: string | null
  /** Lots that already left the queue (running, done or skipped): a repeated next/skip finds its lot here. */
  past: ReadonlySet<string>
}

export type HostRefusal =
  | 'show_ended'
  | 'show_not_live'
  | 'show_not_started'
  | 'lot_running'
  | 'show_queue_empty'
  | 'not_next_lot'

/**
 * What a host move does: `apply` it, `already` done (the same move repeated answers the show as it
 * is: every move is idempotent), or refused with a code. `next` and `skip` name the lot the host
 * means (`lotId`), so a double tap cannot open or skip two lots.
 */
export function hostMove(
  action: HostAction,
  show: HostSituation,
  lotId?: string,
): { do: 'apply' } | { do: 'already' } | { refuse: HostRefusal } {
  const ended = show.state === 'ended'
  switch (action) {
    case 'start':
      if (show.state === 'scheduled') return { do: 'apply' }
      return { do: 'already' }
    case 'end':
      if (ended) return { do: 'already' }
      if (show.running) return { refuse: 'lot_running' }
      return { do: 'apply' }
    case 'pause':
      if (show.state === 'paused') return { do: 'already' }
      if (show.state === 'live') return { do: 'apply' }
      return { refuse: ended ? 'show_ended' : 'show_not_started' }
    case 'resume':
      if (show.state === 'live') return { do: 'already' }
      if (show.state === 'paused') return { do: 'apply' }
      return { refuse: ended ? 'show_ended' : 'show_not_started' }
    case 'next':
    case 'skip':
      if (lotId !== undefined && show.past.has(lotId)) return { do: 'already' }
      if (ended) return { refuse: 'show_ended' }
      if (action === 'next' && show.state !== 'live') return { refuse: 'show_not_live' }
      if (action === 'next' && show.running) return { refuse: 'lot_running' }
      if (show.nextLotId === null) return { refuse: 'show_queue_empty' }
      if (lotId !== show.nextLotId) return { refuse: 'not_next_lot' }
      return { do: 'apply' }
  }
}

/** One lot of a show, in the show's order. */
export interface ShowLot {
  lotId: string
  position: number
  timerSeconds: number
  mode: ShowMode
  state: ShowLotState
  /** When it opened and closed in the show; null before. */
  openedAt: string | null
  closedAt: string | null
  lot: LotSummary
}

/** A show in lists: `GET /api/shows`. */
export interface ShowSummary {
  id: string
  title: string
  sellerId: string
  /** The seller's display name. */
  seller: string
  state: ShowState
  startsAt: string
  startedAt: string | null
  endedAt: string | null
  lotCount: number
  /** The lot on the block, or null between lots. */
  currentLot: LotSummary | null
  /** The first lot's cover for the card, relative to the app's base, or null. */
  imageUrl: string | null
}

/** A show whole: `GET /api/shows/:id`, and the `show.updated` event's payload. */
export interface ShowDetail extends ShowSummary {
  description: string
  autoAdvanceSeconds: number | null
  /** When auto-advance opens the next lot, or null. */
  nextLotAt: string | null
  /** Every lot in order: results so far, the running one, the queue. */
  lots: ShowLot[]
  /** Grows with every change: a client keeps the newest. */
  version: number
  /** Only for a signed-in viewer. */
  my: { host: boolean; following: boolean; muted: boolean } | null
}

/** `GET /api/shows`: live now, upcoming, past. */
export const SHOW_LIST_KINDS = ['live', 'upcoming', 'past'] as const
export type ShowListKind = (typeof SHOW_LIST_KINDS)[number]

export interface ShowChatMessage {
  id: string
  showId: string
  /** The author's public alias; the host is marked. */
  author: string
  host: boolean
  body: string
  at: string
}

/** One lot of the queue as the host sends it (`POST /api/shows`, `PUT /api/shows/:id/lots`). */
export interface ShowLotInput {
  lotId: string
  timerSeconds: number
  mode: ShowMode
}

/** A show's own fields (`PATCH /api/shows/:id` sends any of them). */
export interface ShowChange {
  title?: string | undefined
  description?: string | undefined
  /** ISO-8601. */
  startsAt?: string | undefined
  /** Seconds from a result to the next lot (0–120), or null: the host opens each. */
  autoAdvanceSeconds?: number | null | undefined
}

/** A show to create (`POST /api/shows`). */
export interface ShowInput extends ShowChange {
  title: string
  startsAt: string
  lots?: ShowLotInput[] | undefined
}

/** Per-field problems with the fields `change` carries, checked against `now`; empty when valid. */
export function validateShowChange(change: ShowChange, now: Date): Record<string, string> {
  const errors: Record<string, string> = {}
  if (change.title !== undefined) {
    const title = change.title.trim()
    if (title.length < TITLE_MIN_LENGTH || title.length > TITLE_MAX_LENGTH) {
      errors.title = `Must be ${TITLE_MIN_LENGTH} to ${TITLE_MAX_LENGTH} characters.`
    } else if (!isLineOfText(title)) {
      errors.title = LINE_OF_TEXT_MESSAGE
    }
  }
  if (change.description !== undefined && change.description.length > DESCRIPTION_MAX_LENGTH) {
    errors.description = `Must be at most ${DESCRIPTION_MAX_LENGTH} characters.`
  }
  if (change.startsAt !== undefined) {
    const starts = new Date(change.startsAt).getTime()
    if (Number.isNaN(starts)) errors.startsAt = 'Is not a valid time.'
    else if (starts < now.getTime() - START_SKEW_MS) errors.startsAt = 'Must not be in the past.'
    else if (starts > now.getTime() + SHOW_SCHEDULE_AHEAD_MAX_MS) {
      errors.startsAt = 'Must be within 30 days.'
    }
  }
  const advance = change.autoAdvanceSeconds
  if (
    advance !== undefined &&
    advance !== null &&
    !(Number.isInteger(advance) && advance >= 0 && advance <= SHOW_AUTO_ADVANCE_MAX_SECONDS)
  ) {
    errors.autoAdvanceSeconds = `Must be 0 to ${SHOW_AUTO_ADVANCE_MAX_SECONDS} seconds, or none.`
  }
  return errors
}

/**
 * Per-field problems with a queue, keyed `lots` (the list) or `lots.<i>.<field>`; empty when
 * valid. Whether each lot may join (the seller's, scheduled, in no other show) is the server's
 * check: it needs the lots.
 */
export function validateShowLots(lots: readonly ShowLotInput[]): Record<string, string> {
  const errors: Record<string, string> = {}
  if (lots.length > SHOW_LOTS_MAX) {
    errors.lots = `At most ${SHOW_LOTS_MAX} lots.`
    return errors
  }
  const seen = new Set<string>()
  lots.forEach((lot, i) => {
    const id = typeof lot.lotId === 'string' ? lot.lotId.toLowerCase() : ''
    if (!isUuid(id)) errors[`lots.${i}.lotId`] = 'Is not a lot.'
    else if (seen.has(id)) errors[`lots.${i}.lotId`] = 'Is already in the show.'
    seen.add(id)
    const timer = lot.timerSeconds
    if (
      !Number.isInteger(timer) ||
      timer < SHOW_TIMER_MIN_SECONDS ||
      timer > SHOW_TIMER_MAX_SECONDS
    ) {
      errors[`lots.${i}.timerSeconds`] =
        `Must be ${SHOW_TIMER_MIN_SECONDS} to ${SHOW_TIMER_MAX_SECONDS} seconds.`
    }
    if (!SHOW_MODES.includes(lot.mode))
      errors[`lots.${i}.mode`] = 'Choose standard or sudden death.'
  })
  return errors
}

/** Every problem with a show to create: its fields (all required but the description) and queue. */
export function validateShowInput(input: ShowInput, now: Date): Record<string, string> {
  return {
    ...validateShowChange({ ...input, autoAdvanceSeconds: input.autoAdvanceSeconds ?? null }, now),
    ...validateShowLots(input.lots ?? []),
  }
}
