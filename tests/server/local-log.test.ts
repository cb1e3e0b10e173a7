import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { formatLogLine } from '../../server/lib/local-log.ts'
import { createTestApp, testConfig } from './helpers.ts'

/** Quieter local logs (decision 0026): one readable line per request; JSON in production. */
describe('local logs', () => {
  it('are readable in local mode and JSON in production, whatever LOG_FORMAT says there', () => {
    expect(testConfig().logFormat).toBe('pretty')
    expect(testConfig({ LOG_FORMAT: 'JSON' }).logFormat).toBe('json')
    const production = {
      NODE_ENV: 'production',
      EMAIL: 'off',
      SESSION_SECRET: 's'.repeat(40),
      PUSHER_APP_SECRET: 'p'.repeat(40),
      PUSHER_APP_KEY: 'k'.repeat(20),
      WEB_PUSH: 'off',
    }
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('json')
  })

  it('formats a pino line as "time LEVEL message", an error with its message', () => {
    const time = new Date('2030-01-01T12:34:56').getTime()
    expect(formatLogLine(JSON.stringify({ level: 30, time, msg: 'GET /api/lots 200 3 ms' }))).toBe(
      '12:34:56 INFO  GET /api/lots 200 3 ms\n',
    )
    expect(
      formatLogLine(
        JSON.stringify({ level: 40, time, msg: 'x', err: { message: 'boom', code: 'E1' } }),
      ),
    ).toBe('12:34:56 WARN  x — boom (E1)\n')
  })

  it('writes exactly one line per request, with a redacted query', async () => {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean))
        done()
      },
    })
    const t = await createTestApp({ logger: true, logStream, env: { LOG_LEVEL: 'info' } })
    try {
      lines.length = 0
      await t.app.inject({ method: 'GET', url: '/api/lots?q=secret' })
      await t.app.inject({ method: 'GET', url: '/api/health' })
      const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg)
      expect(messages).toHaveLength(2)
      expect(messages[0]).toMatch(/^GET \/api\/lots\?q=\[redacted\] 200 \d+ ms$/)
      expect(messages[1]).toMatch(/^GET \/api\/health \d{3} \d+ ms$/)
    } finally {
      await t.close()
    }
  })
})
