import { describe, expect, it } from 'vitest'
import {
  ADDRESS_LINE_MAX_LENGTH,
  ADDRESS_NAME_MAX_LENGTH,
  ADDRESS_PHONE_MAX_LENGTH,
  ADDRESS_TOWN_MAX_LENGTH,
  addressProblems,
  cleanAddress,
  COUNTRY_CODES,
  POSTAL_CODE_MAX_LENGTH,
  type AddressInput,
} from './addresses.ts'

const HOME: AddressInput = {
  name: 'Ana García',
  line1: 'Calle Mayor 1, 2º B',
  town: 'Madrid',
  postalCode: '28013',
  country: 'ES',
}

describe('addressProblems', () => {
  it('keeps a plain address, with or without the optional fields', () => {
    expect(addressProblems(HOME)).toEqual({})
    expect(addressProblems({ ...HOME, line2: 'Portal 3', phone: '+34 600 123 456' })).toEqual({})
    expect(addressProblems({ ...HOME, line2: '  ', phone: '' })).toEqual({})
  })

  it.each([
    ['name', ADDRESS_NAME_MAX_LENGTH],
    ['line1', ADDRESS_LINE_MAX_LENGTH],
    ['line2', ADDRESS_LINE_MAX_LENGTH],
    ['town', ADDRESS_TOWN_MAX_LENGTH],
    ['postalCode', POSTAL_CODE_MAX_LENGTH],
  ] as const)('bounds %s at %i characters, counted after trimming', (field, max) => {
    expect(addressProblems({ ...HOME, [field]: ` ${'a'.repeat(max)} ` })).toEqual({})
    expect(addressProblems({ ...HOME, [field]: 'a'.repeat(max + 1) })).toEqual({
      [field]: `Must be at most ${max} characters.`,
    })
  })

  it.each(['name', 'line1', 'town', 'postalCode'] as const)(
    'wants one visible line in %s',
    (field) => {
      for (const bad of ['', '   ', '\u200b\u200b', 'a\nb', 'a\u202eb']) {
        expect(addressProblems({ ...HOME, [field]: bad })).toEqual({
          [field]: 'Must be one line with visible characters.',
        })
      }
    },
  )

  it('wants an optional second line to be one line too', () => {
    expect(addressProblems({ ...HOME, line2: 'a\nb' })).toEqual({
      line2: 'Must be one line with visible characters.',
    })
  })

  it('takes the 249 ISO 3166-1 codes in upper case only', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(new Set(COUNTRY_CODES).size).toBe(249)
    for (const country of ['GB', 'US', 'DE', 'JP', 'ZW', 'AD']) {
      expect(addressProblems({ ...HOME, country })).toEqual({})
    }
    for (const country of ['es', 'UK', 'EU', 'XK', 'ZZ', 'ESP', '', ' ES']) {
      expect(addressProblems({ ...HOME, country })).toEqual({
        country: 'Must be a country code such as ES or GB.',
      })
    }
  })

  it('takes phone numbers as people write them and refuses the rest', () => {
    for (const phone of ['+34 600 123 456', '(020) 7946-0958', '600.123.456', '612345']) {
      expect(addressProblems({ ...HOME, phone })).toEqual({})
    }
    const message = { phone: 'Must be a phone number such as +34 600 123 456.' }
    for (const phone of [
      '12345',
      'call me',
      '+34 600 123 456 ext',
      '++34600123456x',
      '6'.repeat(ADDRESS_PHONE_MAX_LENGTH + 1),
    ]) {
      expect(addressProblems({ ...HOME, phone })).toEqual(message)
    }
    expect(addressProblems({ ...HOME, phone: '6'.repeat(ADDRESS_PHONE_MAX_LENGTH) })).toEqual({})
  })

  it('names every field that needs attention at once', () => {
    expect(
      Object.keys(
        addressProblems({ name: '', line1: '', town: '', postalCode: '', country: '' }),
      ).sort(),
    ).toEqual(['country', 'line1', 'name', 'postalCode', 'town'])
  })
})

describe('cleanAddress', () => {
  it('trims every field and keeps empty optional ones as null', () => {
    expect(
      cleanAddress({
        ...HOME,
        name: ' Ana ',
        town: ' Madrid\t',
        line2: ' ',
        phone: ' +34 600 123 456 ',
      }),
    ).toEqual({
      name: 'Ana',
      line1: HOME.line1,
      line2: null,
      town: 'Madrid',
      postalCode: '28013',
      country: 'ES',
      phone: '+34 600 123 456',
    })
  })
})
