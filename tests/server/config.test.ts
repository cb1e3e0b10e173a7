import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

describe('configuration', () => {
  it('runs on embedded defaults locally: port 8000, PGlite under ./.data, embedded real-time on 6001', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      production: false,
      port: 8000,
      basePath: '/',
      dataDir: './.data',
      databaseUrl: undefined,
      currency: 'EUR',
    })
    expect(config.pusher).toMatchObject({
      appId: 'lotline',
      key: 'lotline-key',
      port: 6001,
      scheme: 'http',
      cluster: 'mt1',
      embedded: true,
    })
    expect(config.stripe.publishableKey).toBeUndefined()
  })

  it('refuses to start in production with any development default secret', () => {
    const problems = problemsOf({ NODE_ENV: 'production' })
    expect(problems.join('\n')).toMatch(/SESSION_SECRET/)
    expect(problems.join('\n')).toMatch(/PUSHER_APP_SECRET/)
    expect(problems.join('\n')).toMatch(/PUSHER_APP_KEY/)
  })

  it('starts in production with its own secrets', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a'.repeat(40),
      PUSHER_APP_KEY: 'prod-key',
      PUSHER_APP_SECRET: 'prod-secret',
    })
    expect(config.production).toBe(true)
  })

  it('reports every bad variable at once, by name', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      PUSHER_SCHEME: 'ftp',
      DATABASE_URL: 'mysql://x',
      CURRENCY: 'euro',
      STRIPE_SECRET_KEY: 'sk_test_x',
    })
    const text = problems.join('\n')
    for (const name of [
      'PORT',
      'PUSHER_SCHEME',
      'DATABASE_URL',
      'CURRENCY',
      'STRIPE_PUBLISHABLE_KEY',
    ]) {
      expect(text).toContain(name)
    }
  })

  it('normalises BASE_PATH and rejects odd ones', () => {
    expect(loadConfig({ BASE_PATH: 'lotline' }).basePath).toBe('/lotline/')
    expect(loadConfig({ BASE_PATH: '/a/b/' }).basePath).toBe('/a/b/')
    expect(problemsOf({ BASE_PATH: '/a b/' }).join()).toMatch(/BASE_PATH/)
  })

  it('uses an external Pusher-protocol service when PUSHER_HOST is set', () => {
    const config = loadConfig({
      PUSHER_HOST: 'ws.example.com',
      PUSHER_SCHEME: 'https',
      PUSHER_PORT: '443',
    })
    expect(config.pusher).toMatchObject({ embedded: false, host: 'ws.example.com', port: 443 })
  })
})
