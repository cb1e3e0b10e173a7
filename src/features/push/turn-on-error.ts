import type { Language, useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { NoPushServiceError } from './browser'

/**
 * Why turning alerts on failed, in words: a browser without a push service says so rather than
 * "Something went wrong" (Account → Alerts and the offer after a first bid alike).
 */
export function turnOnErrorText(error: unknown, t: ReturnType<typeof useT>['t'], lang: Language) {
  return error instanceof NoPushServiceError ? t('push.noService') : errorMessage(error, lang)
}
