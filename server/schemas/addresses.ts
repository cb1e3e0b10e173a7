import { Type, type Static } from '@fastify/type-provider-typebox'
import type { Address } from '../../common/orders/addresses.ts'
import {
  ADDRESS_LINE_MAX_LENGTH,
  ADDRESS_NAME_MAX_LENGTH,
  ADDRESS_PHONE_MAX_LENGTH,
  ADDRESS_TOWN_MAX_LENGTH,
  POSTAL_CODE_MAX_LENGTH,
} from '../../common/orders/addresses.ts'
import { Closed, Nullable, Timestamp, type Same } from './shared.ts'

export const AddressSchema = Closed({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  line1: Type.String(),
  line2: Nullable(Type.String()),
  town: Type.String(),
  postalCode: Type.String(),
  country: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  phone: Nullable(Type.String()),
  isDefault: Type.Boolean(),
  createdAt: Timestamp,
})
const _address: Same<Static<typeof AddressSchema>, Address> = true

export const AddressListSchema = Closed({ items: Type.Array(AddressSchema) })

/**
 * The edge only bounds sizes (room for the spaces a field is trimmed of); the rules themselves,
 * counted after trimming, are `addressProblems` in common/orders/addresses.ts.
 */
const text = (max: number) => Type.String({ maxLength: max + 20 })

export const AddressBody = Type.Object(
  {
    name: text(ADDRESS_NAME_MAX_LENGTH),
    line1: text(ADDRESS_LINE_MAX_LENGTH),
    line2: Type.Optional(text(ADDRESS_LINE_MAX_LENGTH)),
    town: text(ADDRESS_TOWN_MAX_LENGTH),
    postalCode: text(POSTAL_CODE_MAX_LENGTH),
    country: Type.String({ maxLength: 2 }),
    phone: Type.Optional(text(ADDRESS_PHONE_MAX_LENGTH)),
    isDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
