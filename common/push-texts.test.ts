import { describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS } from './auction.ts'
import { PUSH_LANGS, PUSH_TEXTS, pushMoney } from './push-texts.ts'

/** The words of every push, as a member reads them (decision 0032). */
const lot = { title: 'Brass lamp', amount: '€460', minutes: 5 }
const topUp = { title: '', amount: '€25', minutes: 0 }

describe('push texts', () => {
  it('has every notification kind in every language', () => {
    expect(PUSH_LANGS).toEqual(['en', 'es'])
    for (const lang of PUSH_LANGS) {
      for (const kind of NOTIFICATION_KINDS) {
        const { title, body } = PUSH_TEXTS[lang][kind](lot)
        expect(title.length, `${lang} ${kind}`).toBeGreaterThan(0)
        expect(body.length, `${lang} ${kind}`).toBeGreaterThan(0)
      }
    }
  })

  it('says each lot event in English', () => {
    const en = PUSH_TEXTS.en
    expect(en.outbid(lot)).toEqual({
      title: 'You were outbid',
      body: 'You were outbid on Brass lamp — bid €460?',
    })
    expect(en.ending_soon(lot)).toEqual({
      title: 'Ending soon',
      body: 'Brass lamp ends in 5 minutes.',
    })
    expect(en.ending_soon({ ...lot, minutes: 1 }).body).toBe(
      'Brass lamp ends in less than a minute.',
    )
    expect(en.ending_soon({ ...lot, minutes: 2 }).body).toBe('Brass lamp ends in 2 minutes.')
    expect(en.won(lot)).toEqual({ title: 'You won!', body: 'You won Brass lamp for €460.' })
    expect(en.lot_ended(lot)).toEqual({
      title: 'Auction ended',
      body: 'Brass lamp has ended. You did not win it.',
    })
    expect(en.lot_sold(lot)).toEqual({ title: 'Your lot sold', body: 'Brass lamp sold for €460.' })
    expect(en.lot_unsold(lot)).toEqual({
      title: 'Your lot did not sell',
      body: 'Brass lamp ended without a sale.',
    })
    expect(en.lot_cancelled(lot)).toEqual({
      title: 'Auction cancelled',
      body: 'Brass lamp was cancelled. Your hold was released.',
    })
    expect(en.actions.bid(lot)).toBe('Bid €460')
    expect(en.actions.open(lot)).toBe('Open')
  })

  it('says each top-up result in English', () => {
    const en = PUSH_TEXTS.en
    expect(en.top_up_succeeded(topUp)).toEqual({
      title: 'Top-up added',
      body: '€25 was added to your wallet.',
    })
    expect(en.top_up_failed(topUp)).toEqual({
      title: 'Top-up failed',
      body: 'Your top-up of €25 did not go through.',
    })
    expect(en.top_up_refunded(topUp)).toEqual({
      title: 'Top-up refunded',
      body: '€25 went back to your card: it would have passed the balance limit.',
    })
  })

  it('says each lot event in Spanish', () => {
    const es = PUSH_TEXTS.es
    const amount = { ...lot, amount: '460 €' }
    expect(es.outbid(amount)).toEqual({
      title: 'Te han superado',
      body: 'Te han superado en Brass lamp: ¿pujas 460 €?',
    })
    expect(es.ending_soon(lot)).toEqual({
      title: 'Termina pronto',
      body: 'Brass lamp termina en 5 minutos.',
    })
    expect(es.ending_soon({ ...lot, minutes: 1 }).body).toBe(
      'Brass lamp termina en menos de un minuto.',
    )
    expect(es.ending_soon({ ...lot, minutes: 2 }).body).toBe('Brass lamp termina en 2 minutos.')
    expect(es.won(amount)).toEqual({
      title: '¡Has ganado!',
      body: 'Has ganado Brass lamp por 460 €.',
    })
    expect(es.lot_ended(lot)).toEqual({
      title: 'Subasta terminada',
      body: 'Brass lamp ha terminado. No la has ganado.',
    })
    expect(es.lot_sold(amount)).toEqual({
      title: 'Tu lote se ha vendido',
      body: 'Brass lamp se ha vendido por 460 €.',
    })
    expect(es.lot_unsold(lot)).toEqual({
      title: 'Tu lote no se ha vendido',
      body: 'Brass lamp terminó sin venta.',
    })
    expect(es.lot_cancelled(lot)).toEqual({
      title: 'Subasta cancelada',
      body: 'Brass lamp se ha cancelado. Tu retención se ha liberado.',
    })
    expect(es.actions.bid(amount)).toBe('Pujar 460 €')
    expect(es.actions.open(lot)).toBe('Abrir')
  })

  it('says each top-up result in Spanish', () => {
    const es = PUSH_TEXTS.es
    const amount = { ...topUp, amount: '25 €' }
    expect(es.top_up_succeeded(amount)).toEqual({
      title: 'Recarga añadida',
      body: '25 € añadidos a tu monedero.',
    })
    expect(es.top_up_failed(amount)).toEqual({
      title: 'Recarga fallida',
      body: 'Tu recarga de 25 € no se ha completado.',
    })
    expect(es.top_up_refunded(amount)).toEqual({
      title: 'Recarga devuelta',
      body: '25 € han vuelto a tu tarjeta: habrías superado el saldo máximo.',
    })
  })
})

describe('pushMoney', () => {
  // Intl puts a no-break space between a Spanish amount and its sign.
  const plain = (s: string) => s.replace(/\s/g, ' ')

  it('drops the cents of a whole amount and keeps them otherwise', () => {
    expect(pushMoney(46_000, 'EUR', 'en')).toBe('€460')
    expect(pushMoney(1_050, 'EUR', 'en')).toBe('€10.50')
    expect(pushMoney(1_005, 'EUR', 'en')).toBe('€10.05')
    expect(plain(pushMoney(46_000, 'EUR', 'es'))).toBe('460 €')
    expect(plain(pushMoney(1_050, 'EUR', 'es'))).toBe('10,50 €')
  })

  it('follows the currency’s own minor unit', () => {
    expect(pushMoney(460, 'JPY', 'en')).toBe('¥460')
    expect(pushMoney(46_000, 'USD', 'en')).toBe('$460')
    expect(pushMoney(46_001, 'USD', 'en')).toBe('$460.01')
  })

  it('gives the same answer from its cached formats', () => {
    expect(pushMoney(1_234, 'EUR', 'en')).toBe(pushMoney(1_234, 'EUR', 'en'))
    expect(pushMoney(1_200, 'EUR', 'en')).toBe('€12')
    expect(pushMoney(1_234, 'EUR', 'en')).toBe('€12.34')
  })
})
