import type { Message } from '../types'

/** English messages of the lot room's bid bar, sheet, review and toasts (decision 0022). */
export const biddingEn = {
  'bid.barLabel': 'Bid on this lot',
  'bid.notBidding': 'Not bidding',
  'bid.maxOpen': 'Maximum…',
  'bid.raiseMaxOpen': 'Raise maximum',
  'bid.sheetTitle': 'Amount and maximum',
  'bid.close': 'Close',
  'bid.funds': 'Available {available} · this bid holds {holds}',
  'bid.fundsShort': 'Not enough available in your wallet for this bid.',
  'bid.topUp': 'Top up',
  'bid.reviewTitle': 'Review this bid',
  'bid.reviewMax': 'Your maximum',
  'bid.reviewHolds': 'Held from your wallet',
  'bid.reviewAfter': 'Available after',
  'bid.reviewSoftClose':
    'Soft close: a bid in the last {seconds} s moves the end to {seconds} s after it, so the lot may run longer.',
  'bid.confirm': 'Confirm bid {amount}',
  'bid.back': 'Back',
  'bid.reserveJump': 'Your maximum met the reserve: the price rose to {amount}.',
  'bid.outbidLive': 'You were outbid. The price is now {amount}.',
  'toast.openLot': 'Open lot',
} satisfies Record<string, Message>

/** Spanish. */
export const biddingEs: Partial<Record<keyof typeof biddingEn, Message>> = {
  'bid.barLabel': 'Pujar por este lote',
  'bid.notBidding': 'Sin pujar',
  'bid.maxOpen': 'Máximo…',
  'bid.raiseMaxOpen': 'Subir máximo',
  'bid.sheetTitle': 'Cantidad y máximo',
  'bid.close': 'Cerrar',
  'bid.funds': 'Disponible {available} · esta puja retiene {holds}',
  'bid.fundsShort': 'No tienes saldo disponible suficiente para esta puja.',
  'bid.topUp': 'Recargar',
  'bid.reviewTitle': 'Revisa esta puja',
  'bid.reviewMax': 'Tu máximo',
  'bid.reviewHolds': 'Retenido de tu monedero',
  'bid.reviewAfter': 'Disponible después',
  'bid.reviewSoftClose':
    'Prórroga: una puja en los últimos {seconds} s lleva el final a {seconds} s después de ella, así que el lote puede durar más.',
  'bid.confirm': 'Confirmar puja de {amount}',
  'bid.back': 'Volver',
  'bid.reserveJump': 'Tu máximo alcanzó la reserva: el precio subió a {amount}.',
  'bid.outbidLive': 'Te han superado. El precio es ahora {amount}.',
  'toast.openLot': 'Ver lote',
}
