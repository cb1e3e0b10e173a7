import type { MessageKey } from '../en'
import type { Message } from '../types'

export const roughToolsEs: Partial<Record<MessageKey, Message>> = {
  'errors.bidder_blocked': 'El vendedor de este lote no acepta tus pujas.',
  'errors.debit_below_zero': 'Este cargo dejaría el monedero por debajo de cero.',
}
