import Bowser from 'bowser'

/**
 * "iPhone" / "Safari 18" from a User-Agent, for a member telling their devices apart in Account.
 * Only words we chose (or the parser's short names) are kept, cut short: the header is the
 * client's to write.
 */
export function deviceLabels(userAgent: string | undefined): { device: string; browser: string } {
  const ua = (userAgent ?? '').slice(0, 512)
  if (!ua.trim()) return { device: 'Device', browser: 'Browser' }
  let parsed: Bowser.Parser.ParsedResult
  try {
    parsed = Bowser.parse(ua)
  } catch {
    return { device: 'Device', browser: 'Browser' }
  }
  const os = parsed.os.name ?? ''
  const type = parsed.platform.type ?? ''
  const model = parsed.platform.model ?? ''
  const device =
    os === 'iOS'
      ? type === 'tablet' || model === 'iPad'
        ? 'iPad'
        : 'iPhone'
      : os === 'Android'
        ? type === 'tablet'
          ? 'Android tablet'
          : 'Android phone'
        : os === 'macOS'
          ? 'Mac'
          : os === 'Windows'
            ? 'Windows PC'
            : os === 'Chrome OS'
              ? 'Chromebook'
              : os === 'Linux'
                ? 'Linux PC'
                : 'Device'
  const name = (parsed.browser.name ?? '').replace(/[^\p{L}\p{N} .-]/gu, '').slice(0, 40)
  const major = /^\d{1,4}/.exec(parsed.browser.version ?? '')?.[0]
  const browser = name ? (major ? `${name} ${major}` : name) : 'Browser'
  return { device, browser }
}

/** 'es' when the browser prefers Spanish to English (Accept-Language, by q), else 'en'. */
export function preferredLang(acceptLanguage: string | undefined): 'en' | 'es' {
  const ranked = (acceptLanguage ?? '')
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean)
      return {
        lang: tag.trim().toLowerCase().split('-')[0],
        q: q === undefined ? 1 : Number(q),
        index,
      }
    })
    .filter((entry) => (entry.lang === 'en' || entry.lang === 'es') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked[0]?.lang === 'es' ? 'es' : 'en'
}
