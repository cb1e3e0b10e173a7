import type { MessageKey } from '../en'
import type { Message } from '../types'

/** Spanish. */
export const roughBiddingEs: Partial<Record<MessageKey, Message>> = {
  'bidMax.amountHint': 'Al menos {min}. Con un máximo puedes dejarlo vacío: pujamos {min} por ti.',
  'bidMax.enterOne': 'Escribe tu puja o tu máximo.',
  'bidMax.maxTooLow': 'Tu máximo debe ser al menos {min}, la puja mínima.',
  'bidMax.submitMin': 'Pujar {amount}, hasta {max}',
  'bidMax.raise': 'Subir el máximo a {max}',
  'bidMax.raiseTitle': 'Subir tu máximo',
  'bidMax.raiseStays': 'Sube tu máximo a {max}: el precio sigue en {price}',
  'bidMax.raiseStaysReserve':
    'Sube tu máximo a {max}: el precio sigue en {price}, salvo que tu máximo alcance la reserva',
  'bidMax.minimumBid': 'Tu puja (la mínima)',
  'lot.opensLabel': 'Las pujas se abren',
  'lot.historyNotOpen': 'Aún no hay pujas: se abren {time}.',
  'lots.finalPrice': 'Precio final',
}
