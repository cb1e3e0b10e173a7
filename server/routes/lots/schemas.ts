import { Type } from '@fastify/type-provider-typebox'
import {
  DESCRIPTION_MAX_LENGTH,
  LOT_FILTERS,
  MONEY_MAX,
  SOFT_CLOSE_MAX_SECONDS,
  SOFT_CLOSE_MIN_SECONDS,
  STARTING_PRICE_MIN,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
} from '../../../common/auction.ts'

const Money = (minimum = 1) => Type.Integer({ minimum, maximum: MONEY_MAX })
const Time = Type.String({ format: 'date-time', maxLength: 40 })

export const LotParams = Type.Object({ id: Type.String({ maxLength: 64 }) })

export const ListLotsQuery = Type.Object(
  {
    status: Type.Optional(Type.Union(LOT_FILTERS.map((f) => Type.Literal(f)))),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]?$|^100$' })),
  },
  { additionalProperties: false },
)

export const CursorQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
)

export const BidsQuery = Type.Object(
  { after: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })) },
  { additionalProperties: false },
)

export const CreateLotBody = Type.Object(
  {
    title: Type.String({
      minLength: TITLE_MIN_LENGTH,
      maxLength: TITLE_MAX_LENGTH,
      pattern: '\\S',
    }),
    description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_LENGTH })),
    startingPrice: Money(STARTING_PRICE_MIN),
    reservePrice: Type.Optional(Type.Union([Money(STARTING_PRICE_MIN), Type.Null()])),
    startsAt: Type.Optional(Time),
    endsAt: Time,
    softCloseSeconds: Type.Optional(
      Type.Integer({ minimum: SOFT_CLOSE_MIN_SECONDS, maximum: SOFT_CLOSE_MAX_SECONDS }),
    ),
  },
  { additionalProperties: false },
)

export const BidBody = Type.Object(
  { amount: Money(), maxAmount: Type.Optional(Money()) },
  { additionalProperties: false },
)
