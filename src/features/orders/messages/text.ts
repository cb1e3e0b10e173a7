import { isOwnMessage, type OrderMessage } from '../../../../common/orders/messages'
import type { Order } from '../../../../common/orders/shapes'
import { isApiError } from '../../../api/errors'
import type { Language, MessageKey, Translate } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'

/** "You", or "Ana (seller)": who wrote a message, as the viewer reads it. */
export function authorLabel(message: OrderMessage, order: Order, t: Translate): string {
  if (isOwnMessage(message, order)) return t('orderMessages.you')
  const role = t(`orderMessages.role.${message.author.role}` as MessageKey)
  if (message.author.role === 'admin') return role
  return t('orderMessages.author', { name: message.author.name, role })
}

/** Why a send was refused: the field's own words when the API names the body, else the error. */
export function sendErrorText(error: unknown, lang: Language): string {
  const field = isApiError(error) ? error.problem?.errors?.body : undefined
  return field ?? errorMessage(error, lang)
}
