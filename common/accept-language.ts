/**
 * The language a browser asks for in its Accept-Language header, among the app's two: 'es' when
 * Spanish ranks above English (by q, then order), else 'en'. One parser for every server use
 * (the first screen's HTML, push labels, a new member's mails); the app itself reads
 * navigator.languages.
 */
export function preferredLang(acceptLanguage: string | undefined): 'en' | 'es' {
  if (!acceptLanguage) return 'en'
  const ranked = acceptLanguage
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';')
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean)
      return {
        lang: tag!.trim().toLowerCase().split('-')[0],
        q: q === undefined ? 1 : Number(q),
        index,
      }
    })
    .filter((entry) => (entry.lang === 'en' || entry.lang === 'es') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked[0]?.lang === 'es' ? 'es' : 'en'
}
