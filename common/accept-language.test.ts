import { describe, expect, it } from 'vitest'
import { preferredLang } from './accept-language.ts'

describe('preferredLang: Spanish or English from Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['en-GB,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4', 'es'],
    ['en;q=0.4, es;q=0.6', 'es'],
    ['es;q=0, en', 'en'],
    ['de, fr', 'en'],
    ['ES-es', 'es'],
    // A weight that is not a weight is no weight: the tag counts as q=1, in its place.
    ['es;q=banana, en;q=0.9', 'es'],
    ['es;xq=0, en;q=0.9', 'es'],
    ['en;q=0.9, es;q=0.5x', 'es'],
    // Up to three decimals, spaces around the weight allowed.
    ['es;q=0.55, en;q=0.9', 'en'],
    ['es;q=0.5 , en;q=0.9', 'en'],
    ['en;q=0.501,es;q=0.5', 'en'],
    // Equal weights: the order the browser gave.
    ['es, en', 'es'],
    ['en, es', 'en'],
    ['en;q=0.8, fr, es;q=0.8', 'en'],
  ])('%j → %s', (header, expected) => {
    expect(preferredLang(header)).toBe(expected)
  })

  it('reads only the start of an endless header', () => {
    expect(preferredLang(`${'x-'.repeat(400)}, es`)).toBe('en')
    expect(preferredLang(`es, ${'x,'.repeat(100_000)}`)).toBe('es')
  })
})
