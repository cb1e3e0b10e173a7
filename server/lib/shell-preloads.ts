import { firstScreenRequests } from '../../common/first-screen.ts'

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/**
 * The app shell for one address, naming the API requests its first screen makes
 * (common/first-screen.ts) as `<link rel="preload" as="fetch" crossorigin>`: the browser starts
 * them while it fetches the code, and the app's identical requests take those answers. The
 * `crossorigin` makes the preload a CORS-mode request with same-origin credentials, as fetch() is;
 * without it the answer would not be reused.
 */
export function withFirstScreenPreloads(html: string, base: string, url: string): string {
  const [rawPath = '/', search = ''] = url.split(/\?(.*)/s, 2)
  if (!rawPath.startsWith(base)) return html
  const path = `/${rawPath.slice(base.length)}`
  const links = firstScreenRequests(path, search ? `?${search}` : '')
    .map(
      (href) =>
        `<link rel="preload" href="${escapeAttribute(base + href)}" as="fetch" crossorigin>`,
    )
    .join('')
  return html.replace('</head>', `${links}</head>`)
}
