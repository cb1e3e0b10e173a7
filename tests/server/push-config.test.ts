import { statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import webpush from 'web-push'
import { afterAll, describe, expect, it } from 'vitest'
import { pushKeysOf } from '../../server/app.ts'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { localVapidKeys } from '../../server/lib/vapid.ts'
import { createTestApp, testConfig } from './helpers.ts'
import { member } from './auction-helpers.ts'

/** Web Push settings (decision 0032): production keys, local keys, the switch, the allow-list. */
const PROD = {
  NODE_ENV: 'production',
  EMAIL: 'off',
  SESSION_SECRET: 'a'.repeat(40),
  PUSHER_APP_KEY: 'prod-key',
  PUSHER_APP_SECRET: 'prod-secret',
}
const pair = webpush.generateVAPIDKeys()
const KEYS = {
  VAPID_PUBLIC_KEY: pair.publicKey,
  VAPID_PRIVATE_KEY: pair.privateKey,
  VAPID_SUBJECT: 'mailto:ops@lotline.example',
}

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env)
    return ''
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join('\n')
    throw error
  }
}

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))
const scratch = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'lotline-vapid-'))
  dirs.push(dir)
  return dir
}

describe('push configuration', () => {
  it('refuses production with push on and a key missing, naming each missing variable', () => {
    expect(problemsOf(PROD)).toMatch(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT are required in production/,
    )
    expect(problemsOf({ ...PROD, ...KEYS, VAPID_SUBJECT: '' })).toMatch(/VAPID_SUBJECT is required/)
  })

  it('refuses malformed keys, a private key of another pair and a bad subject, by name', () => {
    const other = webpush.generateVAPIDKeys()
    const offCurve = Buffer.from(pair.publicKey, 'base64url')
    offCurve[64] = offCurve[64]! ^ 1
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ VAPID_PUBLIC_KEY: 'not-a-key' }, /VAPID_PUBLIC_KEY must be base64url/],
      [{ VAPID_PUBLIC_KEY: offCurve.toString('base64url') }, /VAPID_PUBLIC_KEY must be/],
      [{ VAPID_PRIVATE_KEY: 'c2hvcnQ' }, /VAPID_PRIVATE_KEY must be base64url of a 32-byte/],
      [
        { VAPID_PRIVATE_KEY: other.privateKey },
        /VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY/,
      ],
      [
        { VAPID_SUBJECT: 'ops@lotline.example' },
        /VAPID_SUBJECT must be a mailto: address or an https: URL/,
      ],
      [{ VAPID_SUBJECT: 'http://lotline.example' }, /VAPID_SUBJECT must be/],
    ]
    for (const [change, problem] of cases) {
      expect(problemsOf({ ...PROD, ...KEYS, ...change }), JSON.stringify(change)).toMatch(problem)
    }
  })

  it('starts in production with a sound pair, or with push off and no keys', () => {
    const config = loadConfig({ ...PROD, ...KEYS, VAPID_SUBJECT: 'https://lotline.example/' })
    expect(config.push).toMatchObject({ enabled: true, vapid: { publicKey: pair.publicKey } })
    expect(pushKeysOf(config)!.privateKey).toBe(pair.privateKey)
    const off = loadConfig({ ...PROD, WEB_PUSH: 'off' })
    expect(off.push.enabled).toBe(false)
    expect(pushKeysOf(off)).toBeNull()
    expect(problemsOf({ WEB_PUSH: 'maybe' })).toMatch(/WEB_PUSH must be one of on, off/)
  })

  it('takes extra push services as lower-case host[:port] entries', () => {
    expect(
      loadConfig({ PUSH_ENDPOINT_HOSTS: ' push.example.test , 127.0.0.1:8443 ' }).push
        .endpointHosts,
    ).toEqual(['push.example.test', '127.0.0.1:8443'])
    for (const bad of [
      'https://push.example.test',
      'Push.Example.test',
      'host:99999',
      'a/b',
      'user@host',
    ]) {
      expect(problemsOf({ PUSH_ENDPOINT_HOSTS: bad }), bad).toMatch(/PUSH_ENDPOINT_HOSTS/)
    }
  })

  it('local mode makes a pair once, readable by this user only, and reuses it on restart', async () => {
    const dir = await scratch()
    const first = localVapidKeys(dir)
    const file = join(dir, 'vapid-keys.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(localVapidKeys(dir)).toEqual(first)
    const config = testConfig({ DATA_DIR: dir })
    expect(pushKeysOf(config)).toEqual(first)
    const t = await createTestApp({ config })
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' })
      expect(res.json().push).toEqual({ publicKey: first.publicKey })
    } finally {
      await t.close()
    }
  })

  it('WEB_PUSH=off: no key in /api/config and no subscriptions', async () => {
    const config = testConfig({ WEB_PUSH: 'off' })
    const t = await createTestApp({ config })
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().push).toBeNull()
      const m = await member(t.app, t.db, config)
      const res = await m.b.request({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/x',
          keys: { p256dh: 'x', auth: 'y' },
        },
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
