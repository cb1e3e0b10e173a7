import { dateTimeFormat } from '../../i18n/intl'

/** "27 Nov 2026, 09:00" in the reader's language; empty for a date that does not parse. */
export function formatWhen(iso: string, lang: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}
