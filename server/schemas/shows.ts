import { Type, type Static } from '@fastify/type-provider-typebox'
import {
  SHOW_LOT_STATES,
  SHOW_MODES,
  SHOW_STATES,
  type ShowDetail,
  type ShowLot,
  type ShowSummary,
} from '../../common/shows.ts'
import { LotSummarySchema } from './auction.ts'
import { Closed, Nullable, Page, Timestamp, type Same } from './shared.ts'

/** Response schemas of live shows (server/routes/shows; common/shows.ts has the shapes). */

const showSummaryProperties = {
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  sellerId: Type.String({ format: 'uuid' }),
  seller: Type.String(),
  state: Type.Enum(SHOW_STATES),
  startsAt: Timestamp,
  startedAt: Nullable(Timestamp),
  endedAt: Nullable(Timestamp),
  lotCount: Type.Integer({ minimum: 0 }),
  currentLot: Nullable(LotSummarySchema),
  imageUrl: Nullable(Type.String()),
}

export const ShowSummarySchema = Closed(showSummaryProperties)
const _summary: Same<Static<typeof ShowSummarySchema>, ShowSummary> = true

export const ShowLotSchema = Closed({
  lotId: Type.String({ format: 'uuid' }),
  position: Type.Integer({ minimum: 0 }),
  timerSeconds: Type.Integer(),
  mode: Type.Enum(SHOW_MODES),
  state: Type.Enum(SHOW_LOT_STATES),
  openedAt: Nullable(Timestamp),
  closedAt: Nullable(Timestamp),
  lot: LotSummarySchema,
})
const _lot: Same<Static<typeof ShowLotSchema>, ShowLot> = true

export const ShowDetailSchema = Closed({
  ...showSummaryProperties,
  description: Type.String(),
  autoAdvanceSeconds: Nullable(Type.Integer()),
  nextLotAt: Nullable(Timestamp),
  lots: Type.Array(ShowLotSchema),
  version: Type.Integer({ minimum: 1 }),
  my: Nullable(Closed({ host: Type.Boolean(), following: Type.Boolean(), muted: Type.Boolean() })),
})
const _detail: Same<Static<typeof ShowDetailSchema>, ShowDetail> = true

export const ShowPageSchema = Page(ShowSummarySchema)
