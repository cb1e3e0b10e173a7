/**
 * The words of a push notification in each language the app speaks (decision 0032). The server
 * composes them at send time in the device's language: a push is shown by the service worker as
 * is, with no dictionary at hand. Amounts arrive formatted (`formatMoney` of common/money.ts, short).
 */
import type { NotificationKind } from './auction.ts'
import type { PushAction } from './push.ts'

export const PUSH_LANGS = ['en', 'es'] as const
export type PushLang = (typeof PUSH_LANGS)[number]

export interface PushTextInput {
  /** The lot's title, or '' for a top-up. */
  title: string
  /** Formatted: the price (won, sold), the top-up's amount, or the next bid (outbid). */
  amount: string
  /** Whole minutes until the lot ends (ending soon). */
  minutes: number
  /** Who wrote (an order's message), or ''. */
  from?: string
  /** Where an order now stands (an order's move), or ''. */
  state?: string
  /** Lotline's reason for cancelling a lot (an admin's cancel, issue 32), or ''. */
  reason?: string
  /** The push goes to the lot's seller (a cancel tells the seller, not a bidder). */
  seller?: boolean
  /** The saved search's name (a new lot matching it), or ''. */
  search?: string
}

/** A followed seller's show: `title` is the show's, `from` the seller's name (may be ''). */
const showSoonEn = (i: PushTextInput) => ({
  title: 'A show starts soon',
  body: i.from ? `${i.from} goes live soon: ${i.title}.` : `${i.title} starts soon.`,
})
const showLiveEn = (i: PushTextInput) => ({
  title: 'Live now',
  body: i.from ? `${i.from} is live: ${i.title}.` : `${i.title} is live now.`,
})
const showSoonEs = (i: PushTextInput) => ({
  title: 'Un directo empieza pronto',
  body: i.from ? `${i.from} empieza pronto en directo: ${i.title}.` : `${i.title} empieza pronto.`,
})
const showLiveEs = (i: PushTextInput) => ({
  title: 'En directo ahora',
  body: i.from ? `${i.from} está en directo: ${i.title}.` : `${i.title} está en directo.`,
})

type Texts = Record<NotificationKind, (i: PushTextInput) => { title: string; body: string }> & {
  actions: Record<PushAction, (i: PushTextInput) => string>
}

/**
 * An order's move in English, by where it now stands (`other` for a state no move is told in). In
 * functions, not module tables, so that mutation testing runs their mutants (docs/testing.md).
 */
function movedEn(state: string, t: string): string {
  switch (state) {
    case 'awaiting_shipment':
      return `The buyer chose where ${t} goes: it is yours to send.`
    case 'awaiting_pickup':
      return `The buyer will collect ${t}.`
    case 'shipped':
      return `${t} is on its way.`
    case 'completed':
      return `${t} is completed.`
    case 'problem':
      return `The buyer reported a problem with ${t}.`
    case 'refunded':
      return `${t} was refunded.`
    default:
      return `${t} moved on.`
  }
}

function movedEs(state: string, t: string): string {
  switch (state) {
    case 'awaiting_shipment':
      return `El comprador eligió adónde va ${t}: te toca enviarlo.`
    case 'awaiting_pickup':
      return `El comprador recogerá ${t}.`
    case 'shipped':
      return `${t} está en camino.`
    case 'completed':
      return `${t} se ha completado.`
    case 'problem':
      return `El comprador ha informado de un problema con ${t}.`
    case 'refunded':
      return `${t} se ha reembolsado.`
    default:
      return `${t} ha avanzado.`
  }
}

/** A cancel: the seller hears Lotline's reason; a bidder that their hold is free (and why). */
function cancelledEn(i: PushTextInput): string {
  const why = i.reason ? ` by Lotline: ${i.reason}` : ''
  if (i.seller) return `Your lot ${i.title} was cancelled${why}.`
  return `${i.title} was cancelled${why}. Your hold was released.`
}

function cancelledEs(i: PushTextInput): string {
  const why = i.reason ? ` por Lotline: ${i.reason}` : ''
  if (i.seller) return `Tu lote ${i.title} se ha cancelado${why}.`
  return `${i.title} se ha cancelado${why}. Tu retención se ha liberado.`
}

const EN: Texts = {
  outbid: (i) => ({
    title: 'You were outbid',
    body: `You were outbid on ${i.title} — bid ${i.amount}?`,
  }),
  ending_soon: (i) => ({
    title: 'Ending soon',
    body:
      i.minutes <= 1
        ? `${i.title} ends in less than a minute.`
        : `${i.title} ends in ${i.minutes} minutes.`,
  }),
  won: (i) => ({ title: 'You won!', body: `You won ${i.title} for ${i.amount}.` }),
  lot_ended: (i) => ({ title: 'Auction ended', body: `${i.title} has ended. You did not win it.` }),
  lot_sold: (i) => ({ title: 'Your lot sold', body: `${i.title} sold for ${i.amount}.` }),
  lot_unsold: (i) => ({ title: 'Your lot did not sell', body: `${i.title} ended without a sale.` }),
  lot_cancelled: (i) => ({
    title: 'Auction cancelled',
    body: cancelledEn(i),
  }),
  top_up_succeeded: (i) => ({
    title: 'Top-up added',
    body: `${i.amount} was added to your wallet.`,
  }),
  top_up_failed: (i) => ({
    title: 'Top-up failed',
    body: `Your top-up of ${i.amount} did not go through.`,
  }),
  top_up_refunded: (i) => ({
    title: 'Top-up refunded',
    body: `${i.amount} went back to your card: it would have passed the balance limit.`,
  }),
  order_message: (i) => ({
    title: 'New message about your order',
    body: i.from ? `${i.from} wrote about ${i.title}.` : `A new message about ${i.title}.`,
  }),
  order_moved: (i) => ({
    title: 'Your order moved on',
    body: movedEn(i.state ?? '', i.title),
  }),
  payout_failed: (i) => ({
    title: 'Payout failed',
    body: `Your payout of ${i.amount} did not go through; the money is back in your wallet.`,
  }),
  withdrawal_failed: (i) => ({
    title: 'Refund to your card failed',
    body: `${i.amount} could not go back to your card; the money is back in your wallet.`,
  }),
  saved_search_match: (i) => ({
    title: `New for “${i.search ?? ''}”`,
    body: `${i.title} was just listed.`,
  }),
  show_soon: showSoonEn,
  show_live: showLiveEn,
  actions: { bid: (i) => `Bid ${i.amount}`, open: () => 'Open' },
}

const ES: Texts = {
  outbid: (i) => ({
    title: 'Te han superado',
    body: `Te han superado en ${i.title}: ¿pujas ${i.amount}?`,
  }),
  ending_soon: (i) => ({
    title: 'Termina pronto',
    body:
      i.minutes <= 1
        ? `${i.title} termina en menos de un minuto.`
        : `${i.title} termina en ${i.minutes} minutos.`,
  }),
  won: (i) => ({ title: '¡Has ganado!', body: `Has ganado ${i.title} por ${i.amount}.` }),
  lot_ended: (i) => ({
    title: 'Subasta terminada',
    body: `${i.title} ha terminado. No la has ganado.`,
  }),
  lot_sold: (i) => ({
    title: 'Tu lote se ha vendido',
    body: `${i.title} se ha vendido por ${i.amount}.`,
  }),
  lot_unsold: (i) => ({ title: 'Tu lote no se ha vendido', body: `${i.title} terminó sin venta.` }),
  lot_cancelled: (i) => ({
    title: 'Subasta cancelada',
    body: cancelledEs(i),
  }),
  top_up_succeeded: (i) => ({
    title: 'Recarga añadida',
    body: `${i.amount} añadidos a tu monedero.`,
  }),
  top_up_failed: (i) => ({
    title: 'Recarga fallida',
    body: `Tu recarga de ${i.amount} no se ha completado.`,
  }),
  top_up_refunded: (i) => ({
    title: 'Recarga devuelta',
    body: `${i.amount} han vuelto a tu tarjeta: habrías superado el saldo máximo.`,
  }),
  order_message: (i) => ({
    title: 'Nuevo mensaje sobre tu pedido',
    body: i.from ? `${i.from} ha escrito sobre ${i.title}.` : `Un mensaje nuevo sobre ${i.title}.`,
  }),
  order_moved: (i) => ({
    title: 'Tu pedido ha avanzado',
    body: movedEs(i.state ?? '', i.title),
  }),
  payout_failed: (i) => ({
    title: 'Pago fallido',
    body: `Tu pago de ${i.amount} no se ha completado; el dinero ha vuelto a tu monedero.`,
  }),
  withdrawal_failed: (i) => ({
    title: 'Devolución a tu tarjeta fallida',
    body: `${i.amount} no pudo volver a tu tarjeta; el dinero ha vuelto a tu monedero.`,
  }),
  saved_search_match: (i) => ({
    title: `Novedad para «${i.search ?? ''}»`,
    body: `Se acaba de publicar ${i.title}.`,
  }),
  show_soon: showSoonEs,
  show_live: showLiveEs,
  actions: { bid: (i) => `Pujar ${i.amount}`, open: () => 'Abrir' },
}

export const PUSH_TEXTS: Record<PushLang, Texts> = { en: EN, es: ES }
