import { NetworkError, isApiError } from '../api/errors'
import { createTranslator, getLanguage, hasMessage, type Language } from './index'

/**
 * A user-facing message for any error: the problem `code` translated in `lang`, else the
 * server's `detail`, else the English text for the code. No HTTP answer → network/offline text.
 */
export function errorMessage(error: unknown, lang: Language = getLanguage()): string {
  const tr = createTranslator(lang)
  if (error instanceof NetworkError) return tr(error.offline ? 'errors.offline' : 'errors.network')
  if (isApiError(error)) {
    const key = `errors.${error.code}` as const
    if (hasMessage(lang, key)) return tr(key)
    if (error.problem?.detail) return error.problem.detail
    return tr(key)
  }
  return tr('errors.unknown')
}
