import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { configProblems } from './helpers.ts'

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
    const problems = configProblems({ NODE_ENV: 'production' })
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
      // Production with push on needs its VAPID keys (tests/server/push-config.test.ts), with
      // e-mail on its SMTP server and APP_URL (tests/server/mail/).
      WEB_PUSH: 'off',
      EMAIL: 'off',
    })
    expect(config.production).toBe(true)
  })

  it('reports every bad variable at once, by name', () => {
    const problems = configProblems({
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
    expect(configProblems({ BASE_PATH: '/a b/' }).join()).toMatch(/BASE_PATH/)
  })

  it('uses an external Pusher-protocol service when PUSHER_HOST is set', () => {
    const config = loadConfig({
      PUSHER_HOST: 'ws.example.com',
      PUSHER_SCHEME: 'https',
      PUSHER_PORT: '443',
    })
    expect(config.pusher).toMatchObject({ embedded: false, host: 'ws.example.com', port: 443 })
  })

  it('takes NODE_ENV=production in any case and with surrounding spaces', () => {
    for (const value of ['Production', ' PRODUCTION ', 'production\n']) {
      expect(configProblems({ NODE_ENV: value }).join('\n'), value).toMatch(/SESSION_SECRET/)
    }
    expect(loadConfig({ NODE_ENV: 'productions' }).production).toBe(false)
  })

  it('trusts a number of proxies or a list of their addresses, and refuses "trust everyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ])
    expect(configProblems({ TRUST_PROXY: 'true' }).join()).toMatch(
      /TRUST_PROXY=true.*TRUST_PROXY=1/,
    )
    expect(configProblems({ TRUST_PROXY: 'TRUE' }).join()).toMatch(/TRUST_PROXY/)
    expect(configProblems({ TRUST_PROXY: '10.0.0.0/33' }).join()).toMatch(/"10\.0\.0\.0\/33"/)
    expect(configProblems({ TRUST_PROXY: 'proxy.internal' }).join()).toMatch(/TRUST_PROXY/)
    expect(configProblems({ TRUST_PROXY: '99' }).join()).toMatch(/TRUST_PROXY/)
  })

  it('has real sign-in and registration limits by default, configurable as count/window', () => {
    expect(loadConfig({}).limits).toEqual({
      signInPerAccount: { max: 10, windowMs: 60_000 },
      signInPerAddress: { max: 30, windowMs: 600_000 },
      signUpPerAddress: { max: 10, windowMs: 3_600_000 },
      passwordResetPerAccount: { max: 5, windowMs: 3_600_000 },
      passwordResetPerAddress: { max: 20, windowMs: 3_600_000 },
      lotsPerMember: { max: 30, windowMs: 3_600_000 },
      topUpsPerMember: { max: 20, windowMs: 3_600_000 },
      topUpReadsPerMember: { max: 120, windowMs: 60_000 },
      orderMessagesPerMember: { max: 20, windowMs: 60_000 },
      moneyOutPerMember: { max: 10, windowMs: 3_600_000 },
    })
    const custom = loadConfig({
      SIGNIN_LIMIT_PER_ACCOUNT: '5/30s',
      SIGNIN_LIMIT_PER_ADDRESS: '100 / 1h',
      SIGNUP_LIMIT_PER_ADDRESS: '3/1h',
      LOT_CREATE_LIMIT_PER_MEMBER: '5/1m',
      PASSWORD_RESET_LIMIT_PER_ACCOUNT: '2/10m',
    })
    expect(custom.limits.passwordResetPerAccount).toEqual({ max: 2, windowMs: 600_000 })
    expect(custom.limits.lotsPerMember).toEqual({ max: 5, windowMs: 60_000 })
    expect(custom.limits.signInPerAccount).toEqual({ max: 5, windowMs: 30_000 })
    expect(custom.limits.signInPerAddress).toEqual({ max: 100, windowMs: 3_600_000 })
    expect(custom.limits.signUpPerAddress).toEqual({ max: 3, windowMs: 3_600_000 })
    const text = configProblems({
      SIGNIN_LIMIT_PER_ACCOUNT: 'ten',
      SIGNUP_LIMIT_PER_ADDRESS: '0/1h',
      TOP_UP_LIMIT_PER_MEMBER: '-1/1h',
    })
    expect(text.join()).toMatch(/SIGNIN_LIMIT_PER_ACCOUNT/)
    expect(text.join()).toMatch(/TOP_UP_LIMIT_PER_MEMBER/)
    expect(text.join()).toMatch(/SIGNUP_LIMIT_PER_ADDRESS/)
  })

  it('refuses an APP_URL that is not an absolute http(s) URL', () => {
    expect(configProblems({ APP_URL: 'https://' }).join()).toMatch(/APP_URL/)
    expect(configProblems({ APP_URL: 'ftp://x.example' }).join()).toMatch(/APP_URL/)
    expect(loadConfig({ APP_URL: 'https://auctions.example/' }).appUrl).toBe(
      'https://auctions.example/',
    )
  })

  it('keeps lot pictures under DATA_DIR unless UPLOADS_DIR names a shared directory', () => {
    expect(loadConfig({ DATA_DIR: '/srv/lotline' }).uploadsDir).toBe('/srv/lotline/uploads')
    expect(loadConfig({ DATA_DIR: '/srv/lotline', UPLOADS_DIR: '/mnt/pictures' }).uploadsDir).toBe(
      '/mnt/pictures',
    )
  })

  it('runs API_WORKERS above 1 only on PostgreSQL, with Redis for the embedded real-time service', () => {
    expect(loadConfig({}).apiWorkers).toBe(1)
    const pg = { DATABASE_URL: 'postgres://db.example/lotline' }
    expect(configProblems({ API_WORKERS: '2' }).join()).toMatch(
      /API_WORKERS above 1 needs DATABASE_URL/,
    )
    expect(configProblems({ ...pg, API_WORKERS: '2' }).join()).toMatch(/needs REDIS_URL/)
    expect(
      loadConfig({ ...pg, API_WORKERS: '4', REDIS_URL: 'redis://cache.example' }).apiWorkers,
    ).toBe(4)
    // An external Pusher-protocol service carries the events: no Redis needed for them.
    expect(loadConfig({ ...pg, API_WORKERS: '2', PUSHER_HOST: 'ws.example' }).apiWorkers).toBe(2)
    expect(configProblems({ API_WORKERS: '0' }).join()).toMatch(/API_WORKERS/)
    expect(configProblems({ API_WORKERS: '1.5' }).join()).toMatch(/API_WORKERS/)
  })

  it('wants a METRICS_TOKEN long enough not to be guessed', () => {
    expect(configProblems({ METRICS_TOKEN: 'short' }).join()).toMatch(/METRICS_TOKEN/)
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metricsToken).toBe('x'.repeat(16))
  })

  it('takes REDIS_URL only as a redis:// or rediss:// URL, and runs without one', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined()
    expect(loadConfig({ REDIS_URL: ' redis://10.0.0.5:6379/2 ' }).redisUrl).toBe(
      'redis://10.0.0.5:6379/2',
    )
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example:6380' }).redisUrl).toBe(
      'rediss://cache.example:6380',
    )
    for (const bad of ['127.0.0.1:6379', 'http://cache.example', 'redis://a b'])
      expect(configProblems({ REDIS_URL: bad }).join()).toMatch(/REDIS_URL/)
  })
})
