/** A message, or plural forms chosen with Intl.PluralRules (`other` is required). */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }
export type Message = string | PluralMessage
export type Vars = Record<string, string | number>
