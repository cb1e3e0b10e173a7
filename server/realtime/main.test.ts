/**
 * The standalone entry point: env configuration, the production guard on dev defaults, and
 * graceful shutdown on SIGTERM (clients see 4200).
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { RawClient, isEvent } from '../../tests/realtime/kit.ts'

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

describe('server/realtime/main.ts', () => {
  // Every spelling of production must refuse: " Production" once started with the public secret.
  it.each(['production', 'Production', ' PRODUCTION '])(
    'refuses to start in production (NODE_ENV=%j) with the development defaults',
    async (nodeEnv) => {
      const p = run({
        NODE_ENV: nodeEnv,
        PUSHER_PORT: '0',
        PUSHER_APP_ID: '',
        PUSHER_APP_KEY: '',
        PUSHER_APP_SECRET: '',
      })
      expect(await p.exited).toBe(1)
      expect(p.output()).toMatch(/refusing to start in production/)
    },
  )

  it('starts from env, serves the protocol, and closes with 4200 on SIGTERM', async () => {
    const p = run({
      NODE_ENV: 'production',
      PUSHER_APP_ID: 'prod-id',
      PUSHER_APP_KEY: 'prod-key',
      PUSHER_APP_SECRET: 'prod-secret-value',
      PUSHER_PORT: '0',
      PUSHER_HOST: '127.0.0.1',
    })
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listen line: ${p.output()}`)), 20_000)
        p.child.stdout.on('data', () => {
          const m = /"port":(\d+)/.exec(p.output())
          if (m?.[1]) {
            clearTimeout(timer)
            resolve(Number(m[1]))
          }
        })
      })
      const c = new RawClient(`ws://127.0.0.1:${port}/app/prod-key?protocol=7`)
      await c.next(isEvent('pusher:connection_established'), 5000)
      p.child.kill('SIGTERM')
      expect((await c.closed).code).toBe(4200)
      expect(await p.exited).toBe(0)
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL')
    }
  })
})
