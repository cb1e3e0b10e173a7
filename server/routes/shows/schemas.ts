import { Type } from '@fastify/type-provider-typebox'
import {
  DESCRIPTION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  VISIBLE_TEXT_FORMAT,
} from '../../../common/auction.ts'
import {
  SHOW_AUTO_ADVANCE_MAX_SECONDS,
  SHOW_LIST_KINDS,
  SHOW_LOTS_MAX,
  SHOW_MODES,
  SHOW_TIMER_MAX_SECONDS,
  SHOW_TIMER_MIN_SECONDS,
} from '../../../common/shows.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { LotPageSchema } from '../../schemas/auction.ts'
import { ShowDetailSchema, ShowPageSchema } from '../../schemas/shows.ts'
import { responses } from '../../schemas/shared.ts'

/** The shows' request schemas: the edge's first check; common/shows.ts says the same by field. */

export const ShowParams = Type.Object({ id: Type.String({ maxLength: 64 }) })

const Time = Type.String({ format: 'date-time', maxLength: 40 })
const Title = Type.String({
  minLength: TITLE_MIN_LENGTH,
  maxLength: TITLE_MAX_LENGTH,
  format: VISIBLE_TEXT_FORMAT,
})
const AutoAdvance = Type.Union([
  Type.Integer({ minimum: 0, maximum: SHOW_AUTO_ADVANCE_MAX_SECONDS }),
  Type.Null(),
])

const ShowLotInput = Type.Object(
  {
    lotId: Type.String({ maxLength: 64 }),
    timerSeconds: Type.Integer({
      minimum: SHOW_TIMER_MIN_SECONDS,
      maximum: SHOW_TIMER_MAX_SECONDS,
    }),
    mode: Type.Union(SHOW_MODES.map((m) => Type.Literal(m))),
  },
  { additionalProperties: false },
)
const ShowLots = Type.Array(ShowLotInput, { maxItems: SHOW_LOTS_MAX })

export const CreateShowBody = Type.Object(
  {
    title: Title,
    description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_LENGTH })),
    startsAt: Time,
    autoAdvanceSeconds: Type.Optional(AutoAdvance),
    lots: Type.Optional(ShowLots),
  },
  { additionalProperties: false },
)

export const EditShowBody = Type.Object(
  {
    title: Type.Optional(Title),
    description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_LENGTH })),
    startsAt: Type.Optional(Time),
    autoAdvanceSeconds: Type.Optional(AutoAdvance),
  },
  { additionalProperties: false, minProperties: 1 },
)

export const ShowLotsBody = Type.Object({ lots: ShowLots }, { additionalProperties: false })

/** `next` and `skip` name the lot the host means, so a double tap cannot move two lots. */
export const LotChoiceBody = Type.Object(
  { lotId: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
)

export const ListShowsQuery = Type.Object(
  {
    kind: Type.Optional(Type.Union(SHOW_LIST_KINDS.map((k) => Type.Literal(k)))),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
)

/** `GET /api/shows/showable-lots`: the caller's lots a show may take, searched by title. */
export const ShowableLotsQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100 })),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    /** The show being edited: its own queued lots are offered too. */
    show: Type.Optional(Type.String({ pattern: UUID_PATTERN })),
  },
  { additionalProperties: false },
)

const detail = responses({ 200: ShowDetailSchema })

export const ListShowsSchema = {
  querystring: ListShowsQuery,
  response: responses({ 200: ShowPageSchema }),
}
export const ShowableLotsSchema = {
  querystring: ShowableLotsQuery,
  response: responses({ 200: LotPageSchema }),
}
export const ShowSchema = { params: ShowParams, response: detail }
export const CreateShowSchema = {
  body: CreateShowBody,
  response: responses({ 201: ShowDetailSchema }),
}
export const EditShowSchema = { params: ShowParams, body: EditShowBody, response: detail }
export const ShowLotsSchema = { params: ShowParams, body: ShowLotsBody, response: detail }
export const HostMoveSchema = { params: ShowParams, response: detail }
export const HostLotMoveSchema = { params: ShowParams, body: LotChoiceBody, response: detail }
