import { dateTimeFormat } from '../../i18n/intl'

export function formatDateTime(iso: string, lang: string): string {
  const format = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' })
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : format.format(date)
}
