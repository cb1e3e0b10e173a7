import { isIPv6 } from 'node:net'
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'

/** Dot-separated labels of letters, digits, '-' and '_' (container names have them). */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_][a-z0-9_-]{0,62})*$/i
const PORT = /^\d{1,5}$/

/**
 * The host name the browser reached this app at, without port: APP_URL's when set, else the
 * request's own Host header. Never X-Forwarded-Host (a client can send it through most proxies),
 * and never anything that is not a plain host name or IP address, because it is written into the
 * CSP header and the real-time configuration. Undefined = no valid host.
 */
export function publicHostName(config: Config, request: FastifyRequest): string | undefined {
  if (config.appUrl) return new URL(config.appUrl).hostname
  return parseHostHeader(request.headers.host)
}

function parseHostHeader(header: string | undefined): string | undefined {
  if (!header) return undefined
  const bracketed = /^\[([0-9a-f:.]+)\](?::(.*))?$/i.exec(header)
  if (bracketed) {
    const [, address = '', port] = bracketed
    return isIPv6(address) && (port === undefined || PORT.test(port)) ? `[${address}]` : undefined
  }
  const [name = '', port, ...rest] = header.split(':')
  if (rest.length > 0 || (port !== undefined && !PORT.test(port))) return undefined
  return HOST_NAME.test(name) ? name.toLowerCase() : undefined
}
