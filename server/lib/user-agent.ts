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
