import { Type } from '@fastify/type-provider-typebox'
import {
  DESCRIPTION_MAX_LENGTH,
  LOT_CATEGORIES,
  LOT_FILTERS,
  LOT_SORTS,
  MY_BIDS_TABS,
  MONEY_MAX,
  NEXT_STEPS_MAX_LENGTH,
  PRICE_LIMIT_PATTERN,
  SOFT_CLOSE_MAX_SECONDS,
  SOFT_CLOSE_MIN_SECONDS,
  STARTING_PRICE_MIN,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  VISIBLE_TEXT_FORMAT,
} from '../../../common/auction.ts'
import { PICKUP_TOWN_MAX_LENGTH } from '../../../common/orders/delivery.ts'
import { NUMERIC_CURSOR_PATTERN } from '../../../common/wire.ts'
import {
  BidPageSchema,
  BidResponseSchema,
  LotDetailSchema,
  LotPageSchema,
  LotSummarySchema,
  MyBidsPageSchema,
  WatchingSchema,
} from '../../schemas/auction.ts'
import { responses } from '../../schemas/shared.ts'

const Money = (minimum = 1) => Type.Integer({ minimum, maximum: MONEY_MAX })
const Time = Type.String({ format: 'date-time', maxLength: 40 })

export const LotParams = Type.Object({ id: Type.String({ maxLength: 64 }) })

const Category = Type.Enum(LOT_CATEGORIES)
/** Euros as the URL spells them (`PRICE_LIMIT_PATTERN`); the route turns them into cents. */
const PriceLimit = Type.String({ pattern: PRICE_LIMIT_PATTERN, maxLength: 9 })

export const ListLotsQuery = Type.Object(
  {
    status: Type.Optional(Type.Union(LOT_FILTERS.map((f) => Type.Literal(f)))),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    sort: Type.Optional(Type.Union(LOT_SORTS.map((s) => Type.Literal(s)))),
    category: Type.Optional(Category),
    minPrice: Type.Optional(PriceLimit),
    maxPrice: Type.Optional(PriceLimit),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]?$|^100$' })),
  },
  { additionalProperties: false },
)

export const CursorQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
)

export const MyBidsQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    tab: Type.Optional(Type.Union(MY_BIDS_TABS.map((t) => Type.Literal(t)))),
  },
  { additionalProperties: false },
)

export const BidsQuery = Type.Object(
  { after: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })) },
  { additionalProperties: false },
)

/**
 * Shipping for a flat cost, a pickup town, or both (at least one: `deliveryProblems` in
 * common/orders/delivery.ts says which field is wrong, with the same words as the form).
 */
const Delivery = Type.Object(
  {
    shipping: Type.Optional(
      Type.Object(
        { cost: Type.Integer({ minimum: 0, maximum: MONEY_MAX }) },
        { additionalProperties: false },
      ),
    ),
    pickup: Type.Optional(
      Type.Object(
        { town: Type.String({ maxLength: PICKUP_TOWN_MAX_LENGTH + 20 }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)

export const CreateLotBody = Type.Object(
  {
    title: Type.String({
      minLength: TITLE_MIN_LENGTH,
      maxLength: TITLE_MAX_LENGTH,
      format: VISIBLE_TEXT_FORMAT,
    }),
    category: Category,
    description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_LENGTH })),
    nextSteps: Type.Optional(Type.String({ maxLength: NEXT_STEPS_MAX_LENGTH })),
    startingPrice: Money(STARTING_PRICE_MIN),
    reservePrice: Type.Optional(Type.Union([Money(STARTING_PRICE_MIN), Type.Null()])),
    startsAt: Type.Optional(Time),
    endsAt: Time,
    softCloseSeconds: Type.Optional(
      Type.Integer({ minimum: SOFT_CLOSE_MIN_SECONDS, maximum: SOFT_CLOSE_MAX_SECONDS }),
    ),
    // Optional here so that a lot without one is told so in the form's words (validateLotInput).
    delivery: Type.Optional(Delivery),
  },
  { additionalProperties: false },
)

/** `PATCH /lots/:id`: the seller's text changes before the first bid (decision 0025). */
export const EditLotBody = Type.Object(
  {
    title: Type.Optional(CreateLotBody.properties.title),
    description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_LENGTH })),
    nextSteps: Type.Optional(Type.String({ maxLength: NEXT_STEPS_MAX_LENGTH })),
    delivery: Type.Optional(Delivery),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** A bid, a maximum, or both; a maximum alone bids the lot's minimum (docs/product.md). */
export const BidBody = Type.Object(
  { amount: Type.Optional(Money()), maxAmount: Type.Optional(Money()) },
  { additionalProperties: false },
)

/** Each route's schemas: its input, and its answers (server/schemas/auction.ts). */
export const ListLotsSchema = {
  querystring: ListLotsQuery,
  response: responses({ 200: LotPageSchema }),
}
export const LotSchema = { params: LotParams, response: responses({ 200: LotDetailSchema }) }
export const CreateLotSchema = {
  body: CreateLotBody,
  response: responses({ 201: LotDetailSchema }),
}
export const EditLotSchema = {
  params: LotParams,
  body: EditLotBody,
  response: responses({ 200: LotDetailSchema }),
}
export const CancelLotSchema = {
  params: LotParams,
  response: responses({ 200: LotSummarySchema }),
}
export const EndLotSchema = {
  params: LotParams,
  response: responses({ 200: LotSummarySchema }),
}
export const ListBidsSchema = {
  params: LotParams,
  querystring: BidsQuery,
  response: responses({ 200: BidPageSchema }),
}
export const PlaceBidSchema = {
  params: LotParams,
  body: BidBody,
  response: responses({ 201: BidResponseSchema }),
}
export const MyBidsSchema = {
  querystring: MyBidsQuery,
  response: responses({ 200: MyBidsPageSchema }),
}
export const WatchSchema = { params: LotParams, response: responses({ 200: WatchingSchema }) }
export const WatchlistSchema = {
  querystring: CursorQuery,
  // Each lot with the viewer's standing, for its status chip (decision 0023).
  response: responses({ 200: MyBidsPageSchema }),
}
