/** A member's address book (issue 29): where a won lot is shipped. Shared by the form and the API. */
import { isLineOfText, LINE_OF_TEXT_MESSAGE } from '../auction/text.ts'

export const ADDRESSES_MAX = 10
export const ADDRESS_NAME_MAX_LENGTH = 100
export const ADDRESS_LINE_MAX_LENGTH = 120
export const ADDRESS_TOWN_MAX_LENGTH = 80
export const POSTAL_CODE_MAX_LENGTH = 16
export const ADDRESS_PHONE_MAX_LENGTH = 32

/** ISO 3166-1 alpha-2, the 249 officially assigned codes. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ')

/** What a member types into the address form (`POST /api/me/addresses`). */
export interface AddressInput {
  name: string
  line1: string
  line2?: string | undefined
  town: string
  postalCode: string
  /** ISO 3166-1 alpha-2, upper case. */
  country: string
  phone?: string | undefined
  /** Pre-selected after a win; the first address is the default whatever this says. */
  isDefault?: boolean | undefined
}

/** An address as the book lists it. */
export interface Address {
  id: string
  name: string
  line1: string
  line2: string | null
  town: string
  postalCode: string
  country: string
  phone: string | null
  isDefault: boolean
  createdAt: string
}

/** Digits, spaces and the signs people write phone numbers with; at least six digits. */
const PHONE = /^\+?[0-9 ()./-]+$/

/**
 * Field → message for what the form and the API refuse; empty when the address can be kept. Each
 * text field is one line of visible text within its length (trimmed before checking).
 */
export function addressProblems(input: AddressInput): Record<string, string> {
  const problems: Record<string, string> = {}
  const line = (
    field: keyof AddressInput,
    value: string | undefined,
    max: number,
    optional = false,
  ) => {
    const text = (value ?? '').trim()
    if (optional && text === '') return
    if (!isLineOfText(text)) problems[field] = LINE_OF_TEXT_MESSAGE
    else if (text.length > max) problems[field] = `Must be at most ${max} characters.`
  }
  line('name', input.name, ADDRESS_NAME_MAX_LENGTH)
  line('line1', input.line1, ADDRESS_LINE_MAX_LENGTH)
  line('line2', input.line2, ADDRESS_LINE_MAX_LENGTH, true)
  line('town', input.town, ADDRESS_TOWN_MAX_LENGTH)
  line('postalCode', input.postalCode, POSTAL_CODE_MAX_LENGTH)
  if (!COUNTRY_CODES.includes(input.country)) {
    problems.country = 'Must be a country code such as ES or GB.'
  }
  const phone = (input.phone ?? '').trim()
  if (phone !== '') {
    const digits = phone.replace(/[^0-9]/g, '').length
    if (!PHONE.test(phone) || digits < 6 || phone.length > ADDRESS_PHONE_MAX_LENGTH) {
      problems.phone = 'Must be a phone number such as +34 600 123 456.'
    }
  }
  return problems
}

/** The address as it is kept: every field trimmed, empty optional fields null. */
export function cleanAddress(input: AddressInput): Omit<Address, 'id' | 'createdAt' | 'isDefault'> {
  const optional = (value: string | undefined) => value?.trim() || null
  return {
    name: input.name.trim(),
    line1: input.line1.trim(),
    line2: optional(input.line2),
    town: input.town.trim(),
    postalCode: input.postalCode.trim(),
    country: input.country,
    phone: optional(input.phone),
  }
}
