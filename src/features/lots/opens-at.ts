import { dateTimeFormat } from '../../i18n/intl'

/**
 * When a scheduled lot's bidding opens, in the viewer's language and time zone: "Fri, Nov 27,
 * 2:00 PM" ("vie, 27 nov, 14:00"). The date stays: a weekday alone is ambiguous a week ahead.
 */
export function formatOpensAt(startsAt: string, lang: string, timeZone?: string): string {
  return dateTimeFormat(lang, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(Date.parse(startsAt))
}
