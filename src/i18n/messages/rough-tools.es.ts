import type { MessageKey } from '../en'
import type { Message } from '../types'

export const roughToolsEs: Partial<Record<MessageKey, Message>> = {
  'errors.bidder_blocked': 'El vendedor de este lote no acepta tus pujas.',
  'errors.debit_below_zero': 'Este cargo dejaría el monedero por debajo de cero.',

  'tools.cancel.byLotline': 'Cancelado por Lotline: {reason}',
  'tools.cancel.bySeller': 'Cancelado por el vendedor',
  'tools.cancel.at': 'Cancelado {time}',

  'tools.end.button': 'Terminar ahora',
  'tools.end.confirm':
    '¿Terminar este lote ahora? Nadie ha pujado, así que termina sin venta y se cierran las pujas para todos.',
  'tools.end.confirmButton': 'Terminar el lote ahora',
  'tools.end.keep': 'Dejarlo abierto',
  'tools.end.hasBids': 'Alguien ha pujado mientras tanto: el lote sigue hasta su final.',
  'tools.end.offline': 'Estás sin conexión. Conéctate para terminar el lote.',

  'tools.block.title': 'Pujadores de este lote',
  'tools.block.hint':
    'Bloquear a un pujador rechaza sus pujas en todos tus lotes a partir de ahora. Si ya va ganando, sigue en cabeza.',
  'tools.block.short': 'Bloquear a este pujador',
  'tools.block.button': 'Bloquear a este pujador: {alias}',
  'tools.block.confirm': '¿Bloquear a {alias}? No podrá pujar en ninguno de tus lotes.',
  'tools.block.confirmButton': 'Bloquear',
  'tools.block.keep': 'No bloquear',
  'tools.block.blocked': 'Bloqueado',
  'tools.block.offline': 'Estás sin conexión. Conéctate para cambiar tus bloqueos.',

  'tools.blocks.title': 'Pujadores bloqueados',
  'tools.blocks.intro':
    'Los miembros que bloqueaste no pueden pujar en tus lotes. Desbloquéalos para permitirlo de nuevo.',
  'tools.blocks.none': 'No has bloqueado a nadie.',
  'tools.blocks.since': 'bloqueado el {date}',
  'tools.blocks.unblock': 'Desbloquear',
  'tools.blocks.unblockAlias': 'Desbloquear a {alias}',
  'tools.blocks.error': 'No se han podido cargar tus bloqueos.',

  'tools.admin.debitBelowZero':
    'Este cargo dejaría el monedero de {name} por debajo de cero: disponible {available}.',
  'tools.admin.blocksTitle': 'Bloqueos',
  'tools.admin.blocked': '{name} bloqueó a',
  'tools.admin.blockedNone': 'Nadie.',
  'tools.admin.blockedBy': 'Bloquearon a {name}',
  'tools.admin.blockedByNone': 'Nadie.',

  'audit.say.credit': '{admin} abonó {amount} a {target}, saldo {balance}',
  'audit.say.debit': '{admin} cargó {amount} a {target}, saldo {balance}',
  'audit.say.role': '{admin} hizo a {target} {role}',
  'audit.say.suspend': {
    zero: '{admin} suspendió a {target}',
    one: '{admin} suspendió a {target} y cerró {count} sesión',
    other: '{admin} suspendió a {target} y cerró {count} sesiones',
  },
  'audit.say.unsuspend': '{admin} levantó la suspensión de {target}',
  'audit.say.close': '{admin} cerró la cuenta de {target} (saldo {balance})',
  'audit.say.moneyOut': '{admin} sacó {amount} de la cuenta de {target} para cerrarla',
  'audit.say.cancel': {
    zero: '{admin} canceló «{target}»; no había retenciones',
    one: '{admin} canceló «{target}» y liberó {count} retención ({amount})',
    other: '{admin} canceló «{target}» y liberó {count} retenciones ({amount})',
  },
  'audit.say.refresh': '{admin} actualizó una recarga de {amount} de {target}: {from} → {to}',
  'audit.say.refund': '{admin} devolvió {amount} al comprador de «{target}»',
  'audit.say.complete': '{admin} completó el pedido de «{target}» para el vendedor',
  'audit.say.rating': '{admin} eliminó una valoración de {target}',
  'audit.say.withdrawal': '{admin} reintentó una retirada de {amount}',
  'audit.say.payout': '{admin} reintentó un pago: ahora {to}',
  'audit.say.mail': '{admin} volvió a poner en cola el correo a {to}',
  'audit.say.withReason': '{sentence} — {reason}',
}
