import type { MessageKey } from '../en'
import type { Message } from '../types'

export const moneyOutEs: Partial<Record<MessageKey, Message>> = {
  'errors.payouts_not_ready': 'Primero termina de configurar los pagos.',
  'errors.payout_below_minimum': 'Un pago debe ser al menos el mínimo.',
  'errors.payout_daily_limit': 'Esto superaría lo máximo que puedes cobrar en 24 horas.',
  'errors.withdrawal_unreachable':
    'Parte de este importe no puede volver a una tarjeta ni enviarse como pago. Elige un importe menor.',
  'errors.account_has_money': 'Tu monedero aún tiene dinero. Retíralo antes de cerrar tu cuenta.',
  'errors.account_has_orders': 'Tienes pedidos que aún no han terminado.',
  'errors.money_in_transit':
    'Hay dinero saliendo de tu monedero. Inténtalo de nuevo cuando haya llegado.',
  'errors.not_retryable': 'Solo se puede reintentar un pago o una retirada que haya fallado.',
}
