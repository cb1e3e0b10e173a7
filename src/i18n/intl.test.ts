import { describe, expect, it } from 'vitest'
import { dateTimeFormat, numberFormat, pluralRules, relativeTimeFormat } from './intl'

describe('shared Intl objects', () => {
  it('builds one per language and options, and keeps them apart otherwise', () => {
    const short = { hour: 'numeric', minute: '2-digit' } as const
    expect(dateTimeFormat('en', short)).toBe(dateTimeFormat('en', { ...short }))
    expect(dateTimeFormat('es', short)).not.toBe(dateTimeFormat('en', short))
    expect(dateTimeFormat('en', { timeStyle: 'medium' })).not.toBe(dateTimeFormat('en', short))
    expect(pluralRules('en')).toBe(pluralRules('en'))
    expect(pluralRules('en').select(1)).toBe('one')
    expect(numberFormat('en', { style: 'percent' }).format(0.5)).toBe('50%')
    expect(relativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday')
  })
})
