import type { MessageKey } from '../en'
import type { Message } from '../types'

export const showsEs: Partial<Record<MessageKey, Message>> = {
  'errors.lot_ended': 'Este lote ha terminado: tu puja llegó después de que acabara su tiempo.',
  'errors.show_ended': 'Este directo ha terminado.',
  'errors.show_not_live': 'El directo no está en marcha: un lote solo se abre mientras lo está.',
  'errors.show_not_started': 'El directo aún no ha empezado.',
  'errors.lot_running': 'Hay un lote en subasta: espera a su resultado.',
  'errors.show_queue_empty': 'No quedan lotes en este directo.',
  'errors.not_next_lot': 'Ese lote ya no es el siguiente: el directo ha avanzado.',
  'errors.show_not_editable': 'El directo ha empezado: sus lotes y su hora de inicio ya no cambian.',
  'errors.lot_not_showable': 'Este lote no puede formar parte de un directo.',
  'errors.chat_muted': 'El anfitrión te ha silenciado en este chat.',
}
