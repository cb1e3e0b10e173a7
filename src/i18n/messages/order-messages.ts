import type { Message } from '../types'

/** English of an order's message thread (issue 29) and its notification. */
export const orderMessagesEn = {
  'orderMessages.title': 'Messages',
  'orderMessages.loading': 'Loading messages…',
  'orderMessages.errorTitle': 'Messages could not be loaded',
  'orderMessages.nothingSaved':
    'These messages are not saved on this device. They will show when you are back online.',
  'orderMessages.list': 'Messages about {title}',
  'orderMessages.earlier': 'Show earlier messages',
  'orderMessages.loadingEarlier': 'Loading earlier messages…',
  'orderMessages.empty.buyer': 'No messages yet. Ask the seller about {title}.',
  'orderMessages.empty.seller': 'No messages yet. Write to the buyer about {title}.',
  'orderMessages.empty.admin': 'No messages yet.',
  'orderMessages.you': 'You',
  'orderMessages.role.buyer': 'buyer',
  'orderMessages.role.seller': 'seller',
  'orderMessages.role.admin': 'Lotline support',
  'orderMessages.author': '{name} ({role})',
  'orderMessages.sending': 'Sending…',
  'orderMessages.queued': 'Sending when you are back online',
  'orderMessages.label.buyer': 'Message to the seller',
  'orderMessages.label.seller': 'Message to the buyer',
  'orderMessages.label.admin': 'Message to the buyer and the seller',
  'orderMessages.hint': 'Ctrl+Enter or ⌘+Enter sends.',
  'orderMessages.count': '{count} of {max} characters',
  'orderMessages.tooLong': {
    one: 'Keep it to {max} characters: this is {count} character too many.',
    other: 'Keep it to {max} characters: this is {count} characters too many.',
  },
  'orderMessages.blank': 'Write a message first.',
  'orderMessages.send': 'Send',
  'orderMessages.offline': 'You are offline. What you send goes out when you are back online.',
  'orderMessages.notSent': 'Your message was not sent: {reason}',
  'orderMessages.adminClosed':
    'The problem is settled: only the buyer and the seller write here now.',
  'notifications.kind.order_message': 'New message about {title}',
  'notifications.openOrder': 'Open order',
} satisfies Record<string, Message>
