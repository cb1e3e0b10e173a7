/**
 * Every problem code the server can answer has English (a missing one fails the type check). Apart
 * from more.ts because it reads en.ts, which names more.ts's keys: no import cycles, not even of
 * types (docs/architecture.md).
 */
import type { ErrorCode } from '../../common/errors'
import type { en } from './en'
import type { moreEn } from './more'

type UntranslatedError = Exclude<`errors.${ErrorCode}`, keyof typeof en | keyof typeof moreEn>
export const everyErrorTranslated: [UntranslatedError] extends [never] ? true : UntranslatedError =
  true
