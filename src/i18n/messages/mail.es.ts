import type { MessageKey } from '../en'
import type { Message } from '../types'

export const mailEs: Partial<Record<MessageKey, Message>> = {
  'errors.token_invalid': 'Este enlace ya se usó, ha caducado o no es nuestro. Pide uno nuevo.',
  'errors.email_not_verified':
    'Primero verifica tu dirección de correo: te enviamos un enlace al registrarte.',
}
