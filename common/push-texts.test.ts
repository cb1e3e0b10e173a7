import { describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS, type NotificationKind } from './auction.ts'
import { PUSH_LANGS, PUSH_TEXTS, type PushLang, type PushTextInput } from './push-texts.ts'

/** The words of every push, as a member reads them (decision 0032). */
const lot = { title: 'Brass lamp', amount: '€460', minutes: 5 }
const topUp = { title: '', amount: '€25', minutes: 0 }

describe('push texts', () => {
  // What a member must be able to read off each push, in each language: checked as behaviour
  // (what it names, that kinds and languages differ), not by restating the table's sentences.
  const kinds = NOTIFICATION_KINDS
  const texts = (lang: PushLang, kind: NotificationKind, input: PushTextInput = lot) =>
    PUSH_TEXTS[lang][kind](input)

  it('has a title and a body for every notification kind in every language', () => {
    expect(PUSH_LANGS).toEqual(['en', 'es'])
    for (const lang of PUSH_LANGS) {
      for (const kind of kinds) {
        const { title, body } = texts(lang, kind)
        expect(title.trim().length, `${lang} ${kind}`).toBeGreaterThan(0)
        expect(body.trim().length, `${lang} ${kind}`).toBeGreaterThan(0)
      }
    }
  })

  it('lets a member tell every kind apart by its title alone', () => {
    for (const lang of PUSH_LANGS) {
      const titles = kinds.map((kind) => texts(lang, kind).title)
      expect(new Set(titles).size, lang).toBe(kinds.length)
    }
  })

  it('speaks Spanish in Spanish: no kind’s title or body is the English one', () => {
    for (const kind of kinds) {
      expect(texts('es', kind).title, kind).not.toBe(texts('en', kind).title)
      expect(texts('es', kind).body, kind).not.toBe(texts('en', kind).body)
    }
    expect(PUSH_TEXTS.es.actions.bid(lot)).not.toBe(PUSH_TEXTS.en.actions.bid(lot))
    expect(PUSH_TEXTS.es.actions.open(lot)).not.toBe(PUSH_TEXTS.en.actions.open(lot))
  })

  it.each(PUSH_LANGS)(
    '%s: names the lot in every lot push, and the amount where there is one',
    (lang) => {
      const lotKinds = kinds.filter(
        (kind) =>
          !kind.startsWith('top_up') && kind !== 'payout_failed' && kind !== 'withdrawal_failed',
      )
      for (const kind of lotKinds) expect(texts(lang, kind).body, kind).toContain(lot.title)
      for (const kind of ['outbid', 'won', 'lot_sold'] as const)
        expect(texts(lang, kind).body, kind).toContain(lot.amount)
      // A lot push without a price says none: no stray amount from the input.
      for (const kind of ['ending_soon', 'lot_ended', 'lot_unsold', 'lot_cancelled'] as const)
        expect(texts(lang, kind).body, kind).not.toContain(lot.amount)
      expect(PUSH_TEXTS[lang].actions.bid(lot)).toContain(lot.amount)
      expect(PUSH_TEXTS[lang].actions.open(lot)).not.toContain(lot.amount)
    },
  )

  it.each(PUSH_LANGS)(
    '%s: a cancel tells the seller Lotline’s reason, a bidder the hold',
    (lang) => {
      const reason = 'Counterfeit item'
      const forSeller = texts(lang, 'lot_cancelled', { ...lot, reason, seller: true })
      const forBidder = texts(lang, 'lot_cancelled', { ...lot, reason })
      const plain = texts(lang, 'lot_cancelled')
      expect(forSeller.body).toContain(reason)
      expect(forSeller.body).toContain(lot.title)
      expect(forSeller.body).toContain('Lotline')
      expect(forBidder.body).toContain(reason)
      // Only a bidder had a hold to release; the seller's words differ from the bidder's.
      expect(forSeller.body).not.toBe(forBidder.body)
      expect(plain.body).not.toContain('Lotline')
      expect(plain.body.length).toBeLessThan(forBidder.body.length)
      const sellerPlain = texts(lang, 'lot_cancelled', { ...lot, seller: true })
      expect(sellerPlain.body).not.toContain('Lotline')
      expect(sellerPlain.body).not.toBe(plain.body)
    },
  )

  it.each(PUSH_LANGS)('%s: a top-up push gives its amount, and no lot', (lang) => {
    const kinds = [
      'top_up_succeeded',
      'top_up_failed',
      'top_up_refunded',
      'payout_failed',
      'withdrawal_failed',
    ] as const
    for (const kind of kinds) {
      const { title, body } = texts(lang, kind, topUp)
      expect(body, kind).toContain(topUp.amount)
      expect(`${title} ${body}`, kind).not.toMatch(/undefined|null|\$\{/)
    }
  })

  it('says how long is left, and "less than a minute" at one minute or none', () => {
    const left = (lang: PushLang, minutes: number) =>
      texts(lang, 'ending_soon', { ...lot, minutes }).body
    expect(left('en', 5)).toBe('Brass lamp ends in 5 minutes.')
    expect(left('en', 2)).toBe('Brass lamp ends in 2 minutes.')
    expect(left('en', 1)).toBe('Brass lamp ends in less than a minute.')
    expect(left('en', 0)).toBe(left('en', 1))
    expect(left('es', 2)).toBe('Brass lamp termina en 2 minutos.')
    expect(left('es', 1)).toBe('Brass lamp termina en menos de un minuto.')
  })

  it('tells a lost lot from a won one, and an unsold lot from a sold one', () => {
    for (const lang of PUSH_LANGS) {
      expect(texts(lang, 'lot_ended').body).not.toBe(texts(lang, 'won').body)
      expect(texts(lang, 'lot_unsold').body).not.toBe(texts(lang, 'lot_sold').body)
    }
    // The English a member reads on a won lot, once in full.
    expect(texts('en', 'won')).toEqual({ title: 'You won!', body: 'You won Brass lamp for €460.' })
  })
})

describe("push texts of an order's move", () => {
  const told = [
    'awaiting_shipment',
    'awaiting_pickup',
    'shipped',
    'completed',
    'problem',
    'refunded',
  ]
  const moved = (lang: PushLang, state: string) =>
    PUSH_TEXTS[lang].order_moved({ ...lot, state }).body

  it.each(PUSH_LANGS)(
    '%s: says where the order now stands, a different sentence for each',
    (lang) => {
      const bodies = told.map((state) => moved(lang, state))
      for (const body of bodies) expect(body).toContain(lot.title)
      expect(new Set(bodies).size).toBe(told.length)
      // A state no move is told in still reads as a sentence about the order, not as another state's.
      const other = moved(lang, 'awaiting_address')
      expect(other).toContain(lot.title)
      expect(bodies).not.toContain(other)
      expect(moved(lang, '')).toBe(other)
    },
  )

  it.each(PUSH_LANGS)('%s: a saved search’s push names the search and the new lot', (lang) => {
    const texts = (input: typeof lot & { search?: string }) =>
      PUSH_TEXTS[lang].saved_search_match(input)
    const { title, body } = texts({ ...lot, search: 'Leicas' })
    expect(title).toContain('Leicas')
    expect(body).toContain(lot.title)
    expect(`${title} ${body}`).not.toContain(lot.amount)
    // Without a name (an older notification) it says no "undefined".
    expect(texts(lot).title).not.toMatch(/undefined/)
  })

  it.each(PUSH_LANGS)('%s: a followed seller’s show names the show and the seller', (lang) => {
    const show = { ...lot, title: 'Sunday cameras', from: 'Marta Ruiz' }
    for (const kind of ['show_soon', 'show_live'] as const) {
      const { title, body } = PUSH_TEXTS[lang][kind](show)
      expect(body, kind).toContain('Sunday cameras')
      expect(body, kind).toContain('Marta Ruiz')
      expect(`${title} ${body}`, kind).not.toContain(lot.amount)
      // Without the seller's name it still names the show, and says no "undefined".
      const bare = PUSH_TEXTS[lang][kind]({ ...show, from: '' })
      expect(bare.body, kind).toContain('Sunday cameras')
      expect(bare.body, kind).not.toMatch(/undefined|:/)
    }
    // Soon and live say different things.
    expect(PUSH_TEXTS[lang].show_soon(show)).not.toEqual(PUSH_TEXTS[lang].show_live(show))
  })

  it('tells a show in the reader’s words', () => {
    const show = { ...lot, title: 'Sunday cameras', from: 'Marta' }
    expect(PUSH_TEXTS.en.show_live(show).body).toBe('Marta is live: Sunday cameras.')
    expect(PUSH_TEXTS.es.show_live(show).body).toBe('Marta está en directo: Sunday cameras.')
    expect(PUSH_TEXTS.en.show_soon({ ...show, from: '' }).body).toBe('Sunday cameras starts soon.')
    expect(PUSH_TEXTS.es.show_soon({ ...show, from: '' }).body).toBe(
      'Sunday cameras empieza pronto.',
    )
  })

  it('names what happened in the reader’s words', () => {
    expect(moved('en', 'shipped')).toBe('Brass lamp is on its way.')
    expect(moved('es', 'shipped')).toBe('Brass lamp está en camino.')
    expect(moved('en', 'problem')).toBe('The buyer reported a problem with Brass lamp.')
    expect(moved('es', 'completed')).toBe('Brass lamp se ha completado.')
  })
})
