import type { MessageKey } from '../en'
import type { Message } from '../types'

export const roughFindingEs: Partial<Record<MessageKey, Message>> = {
  'card.watch': 'Seguir {title}',
  'card.watchSignIn': 'Entra para seguir {title}',
  'card.leading': 'Vas ganando',
  'card.outbid': 'Te han superado',
  'savedSearch.save': 'Guardar búsqueda',
  'savedSearch.dialogTitle': 'Guardar esta búsqueda',
  'savedSearch.intro':
    'Te avisamos cuando salga un lote nuevo que encaje, como mucho una vez por hora.',
  'savedSearch.name': 'Nombre',
  'savedSearch.confirm': 'Guardar',
  'savedSearch.cancel': 'Cancelar',
  'savedSearch.saved': 'Búsqueda guardada. Te avisaremos de lotes nuevos.',
  'savedSearch.signIn': 'Entra para guardar esta búsqueda',
  'savedSearch.title': 'Búsquedas guardadas',
  'savedSearch.accountIntro':
    'Te avisamos en la aplicación y por notificación de los lotes nuevos que encajen con alguna, como mucho una vez por hora y búsqueda.',
  'savedSearch.none':
    'Aún no has guardado ninguna búsqueda. Usa «Guardar búsqueda» en la lista de lotes.',
  'savedSearch.open': 'Ver',
  'savedSearch.delete': 'Borrar',
  'savedSearch.deleteLabel': 'Borrar la búsqueda guardada {name}',
  'savedSearch.loadError': 'No se han podido cargar tus búsquedas guardadas.',
  'savedSearch.anything': 'Todos los lotes',
  'savedSearch.offline': 'Para guardar una búsqueda hace falta conexión.',
  'notifications.kind.saved_search_match': 'Novedad para «{name}»: {title}',
  'errors.saved_searches_full': 'Puedes guardar como máximo 10 búsquedas. Borra una primero.',
}
