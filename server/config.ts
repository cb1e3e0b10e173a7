/**
 * Configuration from the environment, validated once at start. Every problem is reported together
 * with the variable's name, so a misconfigured deploy fails with one clear message.
 */
export interface Config {
  production: boolean
  port: number
  host: string
  /** Always starts and ends with '/'. */
  basePath: string
  dataDir: string
  databaseUrl: string | undefined
  appUrl: string | undefined
  currency: string
  sessionSecret: string
  logLevel: string
  trustProxy: boolean
  pusher: {
    appId: string
    key: string
    secret: string
    /** Host the API publishes to and the browser connects to; undefined = embedded service. */
    host: string | undefined
    port: number
    scheme: 'http' | 'https'
    cluster: string
    embedded: boolean
  }
  stripe: {
    secretKey: string | undefined
    publishableKey: string | undefined
    webhookSecret: string | undefined
    apiHost: string | undefined
    apiPort: number | undefined
    apiProtocol: 'http' | 'https' | undefined
  }
}

export const DEV_DEFAULTS = {
  pusherAppId: 'lotline',
  pusherKey: 'lotline-key',
  pusherSecret: 'lotline-secret',
  sessionSecret: 'lotline-dev-session-secret-change-me',
} as const

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = []
  const str = (name: string) => {
    const value = env[name]?.trim()
    return value ? value : undefined
  }
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`)
      return fallback
    }
    return value
  }
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = str(name)
    if (raw === undefined) return fallback
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`)
      return fallback
    }
    return raw as T
  }

  const production = str('NODE_ENV') === 'production'
  const basePath = normaliseBasePath(str('BASE_PATH') ?? '/')
  if (!/^\/([A-Za-z0-9._~-]+\/)*$/.test(basePath)) {
    problems.push(`BASE_PATH must be a URL path like / or /lotline/ (got "${str('BASE_PATH')}")`)
  }
  const currency = (str('CURRENCY') ?? 'EUR').toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency)) problems.push(`CURRENCY must be an ISO 4217 code like EUR`)

  const databaseUrl = str('DATABASE_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const appUrl = str('APP_URL')
  if (appUrl && !/^https?:\/\//.test(appUrl)) problems.push('APP_URL must be an http(s) URL')

  const pusherHost = str('PUSHER_HOST')
  const pusher = {
    appId: str('PUSHER_APP_ID') ?? DEV_DEFAULTS.pusherAppId,
    key: str('PUSHER_APP_KEY') ?? DEV_DEFAULTS.pusherKey,
    secret: str('PUSHER_APP_SECRET') ?? DEV_DEFAULTS.pusherSecret,
    host: pusherHost,
    port: int('PUSHER_PORT', 6001, 1, 65535),
    scheme: oneOf('PUSHER_SCHEME', ['http', 'https'] as const, 'http'),
    cluster: str('PUSHER_APP_CLUSTER') ?? 'mt1',
    embedded: pusherHost === undefined,
  }
  const stripe = {
    secretKey: str('STRIPE_SECRET_KEY'),
    publishableKey: str('STRIPE_PUBLISHABLE_KEY'),
    webhookSecret: str('STRIPE_WEBHOOK_SECRET'),
    apiHost: str('STRIPE_API_HOST'),
    apiPort: str('STRIPE_API_PORT') ? int('STRIPE_API_PORT', 443, 1, 65535) : undefined,
    apiProtocol: str('STRIPE_API_PROTOCOL')
      ? oneOf('STRIPE_API_PROTOCOL', ['http', 'https'] as const, 'https')
      : undefined,
  }
  if (Boolean(stripe.secretKey) !== Boolean(stripe.publishableKey)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together')
  }
  if (stripe.secretKey && !stripe.webhookSecret && production) {
    problems.push('STRIPE_WEBHOOK_SECRET is required in production when Stripe is configured')
  }

  const sessionSecret = str('SESSION_SECRET') ?? DEV_DEFAULTS.sessionSecret
  if (sessionSecret.length < 32) problems.push('SESSION_SECRET must be at least 32 characters')

  if (production) {
    const defaults: Array<[string, string, string]> = [
      ['SESSION_SECRET', sessionSecret, DEV_DEFAULTS.sessionSecret],
      ['PUSHER_APP_SECRET', pusher.secret, DEV_DEFAULTS.pusherSecret],
      ['PUSHER_APP_KEY', pusher.key, DEV_DEFAULTS.pusherKey],
    ]
    for (const [name, value, devDefault] of defaults) {
      if (value === devDefault) {
        problems.push(`${name} is the development default; production needs its own secret value`)
      }
    }
  }

  const config: Config = {
    production,
    port: int('PORT', 8000, 0, 65535),
    host: str('HOST') ?? '0.0.0.0',
    basePath,
    dataDir: str('DATA_DIR') ?? './.data',
    databaseUrl,
    appUrl,
    currency,
    sessionSecret,
    logLevel: str('LOG_LEVEL') ?? (production ? 'info' : 'info'),
    trustProxy: str('TRUST_PROXY') === 'true',
    pusher,
    stripe,
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

function normaliseBasePath(path: string): string {
  let result = path.startsWith('/') ? path : `/${path}`
  if (!result.endsWith('/')) result += '/'
  return result
}
