import type { MessageKey } from '../en'
import type { Message } from '../types'

export const roughSellingEs: Partial<Record<MessageKey, Message>> = {
  'sell.picture.type': '{name}: no es una foto JPEG, PNG o WebP.',
  'sell.picture.size': '{name}: {size} MB, más de los {max} MB que puede tener una foto.',
  'sell.picture.empty': '{name}: el archivo está vacío.',
  'sell.unsent.title': 'Tu lote está publicado, pero no tiene todas sus fotos',
  'sell.unsent.body': {
    one: '{count} foto que elegiste aún no está en el lote. Inténtalo de nuevo, o quítala y abre el lote sin ella.',
    other:
      '{count} fotos que elegiste aún no están en el lote. Inténtalo de nuevo, o quítalas y abre el lote sin ellas.',
  },
  'sell.unsent.waiting': 'Aún sin enviar: va después de la que falló, para mantener tu orden.',
  'sell.unsent.retry': 'Reintentar',
  'sell.unsent.retrying': 'Subiendo…',
  'sell.unsent.remove': 'Quitar',
  'sell.unsent.open': 'Abrir el lote sin ellas',
  'sell.unsent.offline': 'Estás sin conexión: reinténtalo cuando vuelvas a estar en línea.',
  'sell.watchersBelow': 'Quién está mirando y todas las pujas aparecen debajo de este panel.',
  'sell.historyEmpty': 'Aún no hay pujas.',
  'push.noService':
    'Este navegador no puede recibir alertas: no tiene servicio push. Lotline te avisa dentro de la app.',
}
