import { Type, type Static } from '@fastify/type-provider-typebox'
import { LOT_CATEGORIES, LOT_SORTS } from '../../common/auction.ts'
import {
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCH_QUERY_MAX,
  type SavedSearch,
} from '../../common/saved-searches.ts'
import { Closed, Nullable, Timestamp, type Same } from './shared.ts'

export const SavedSearchSchema = Closed({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  q: Type.String(),
  category: Nullable(Type.Enum(LOT_CATEGORIES)),
  minPrice: Nullable(Type.String({ description: 'Euros as the list URL spells them' })),
  maxPrice: Nullable(Type.String()),
  sort: Type.Enum(LOT_SORTS),
  createdAt: Timestamp,
})
const _search: Same<Static<typeof SavedSearchSchema>, SavedSearch> = true

export const SavedSearchListSchema = Closed({ items: Type.Array(SavedSearchSchema) })

/**
 * The edge only bounds sizes (room for the spaces a name is trimmed of); the rules, counted after
 * trimming, are `readSavedSearch` in common/saved-searches.ts (422 by field).
 */
export const SavedSearchBody = Type.Object(
  {
    name: Type.String({ maxLength: SAVED_SEARCH_NAME_MAX + 20 }),
    q: Type.Optional(Type.String({ maxLength: SAVED_SEARCH_QUERY_MAX + 20 })),
    category: Type.Optional(Type.String({ maxLength: 40 })),
    minPrice: Type.Optional(Type.String({ maxLength: 12 })),
    maxPrice: Type.Optional(Type.String({ maxLength: 12 })),
    sort: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
)
