import type { Message } from '../types'
import type { biddingEn } from './bidding'

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
  'bid.youPay': 'Puja de {bid} · pagas {total}',
  'bid.youPayShipping': 'Puja de {bid} · pagas {total} + {shipping} de envío',
  'bid.reviewAfter': 'Disponible después',
  'bid.reviewSoftClose':
    'Prórroga: una puja en los últimos {seconds} s lleva el final a {seconds} s después de ella, así que el lote puede durar más.',
  'bid.confirm': 'Confirmar puja de {amount}',
  'bid.back': 'Volver',
  'bid.reserveJump': 'Tu máximo alcanzó la reserva: el precio subió a {amount}.',
  'bid.outbidLive': 'Te han superado. El precio es ahora {amount}.',
  'toast.openLot': 'Ver lote',
}
