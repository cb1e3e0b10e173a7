import type { Config } from '../config.ts'

/**
 * The address every link in a mail starts with: APP_URL's origin and the base path, never a
 * request's Host (a forged Host would put an attacker's address in a reset mail). Local mode
 * without APP_URL uses this machine's own address; production refuses to send mail without
 * APP_URL (server/config.ts).
 */
export function mailBase(config: Pick<Config, 'appUrl' | 'basePath' | 'port'>): string {
  if (config.appUrl) return `${new URL(config.appUrl).origin}${config.basePath}`
  return `http://localhost:${config.port}${config.basePath}`
}

/** `base` + a path of the app (no leading slash) + its query, each value URL-encoded. */
export function mailLink(base: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path.replace(/^\/+/, ''), base)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  return url.toString()
}
