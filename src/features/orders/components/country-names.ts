import { useMemo } from 'react'

/**
 * A country code's name in the reader's language (Intl.DisplayNames: no table in the bundle);
 * the code itself where the browser has no name for it.
 */
export function useCountryNames(lang: string): (code: string) => string {
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' })
    } catch {
      names = undefined
    }
    return (code: string) => names?.of(code) ?? code
  }, [lang])
}
