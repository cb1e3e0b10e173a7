import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../server/lib/data-dir-lock.ts'
import { freePort } from '../free-port.ts'

const ROOT = resolve(import.meta.dirname, '../..')

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
  port: number
}

/**
 * `server/main.ts` through tsx, on its own free ports, the given data folder and an empty client
 * build. Node loads tsx in-process (`--import tsx`), so the child's pid is the server's own.
 */
async function startServer(dataDir: string, clientDir: string): Promise<Started> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUSHER_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: clientDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return { child, output: () => text, exited, port }
}

async function healthy(server: Started, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`)
    const res = await fetch(`http://127.0.0.1:${server.port}/health`).catch(() => undefined)
    if (res?.ok) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server did not start:\n${server.output()}`)
}

describe('one server per data folder', () => {
  let dataDir: string
  let clientDir: string
  const running: Started[] = []
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lotline-lock-'))
    clientDir = await mkdtemp(join(tmpdir(), 'lotline-lock-client-'))
  })
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
    await rm(clientDir, { recursive: true, force: true })
  })

  it('refuses a second server on the same DATA_DIR, naming the folder and the pid', async () => {
    const first = await startServer(dataDir, clientDir)
    running.push(first)
    await healthy(first)

    const second = await startServer(dataDir, clientDir)
    running.push(second)
    const outcome = await Promise.race([
      second.exited,
      healthy(second).then(
        () => 'started',
        () => 'failed',
      ),
    ])
    expect(outcome).not.toBe('started')
    const code = await second.exited
    expect(code).not.toBe(0)
    expect(second.output()).toContain(resolve(dataDir))
    expect(second.output()).toContain(`pid ${first.child.pid}`)
    // The first one is untouched and still answers.
    expect((await fetch(`http://127.0.0.1:${first.port}/health`)).ok).toBe(true)

    // A graceful stop releases the folder.
    first.child.kill('SIGTERM')
    await first.exited
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  }, 180_000)

  it('is not blocked by the stale lock of a server killed with SIGKILL', async () => {
    const killed = await startServer(dataDir, clientDir)
    running.push(killed)
    await healthy(killed)
    killed.child.kill('SIGKILL')
    await killed.exited
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).toContain(String(killed.child.pid))

    const next = await startServer(dataDir, clientDir)
    running.push(next)
    await healthy(next)
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(
      String(next.child.pid),
    )
    next.child.kill('SIGTERM')
    expect(await next.exited).toBe(0)
  }, 180_000)
})

describe('a lock written on another host', () => {
  // Two containers sharing a volume: the other's pid means nothing here (it may even be ours, 1),
  // so it can never be judged stale from this host and must refuse.
  it.each([
    ['a pid that is not running here', 2 ** 22 + 17],
    ['our own pid', process.pid],
  ])('refuses, naming the host and the pid, when it holds %s', async (_, pid) => {
    const dir = await mkdtemp(join(tmpdir(), 'lotline-lock-host-'))
    try {
      writeFileSync(join(dir, LOCK_FILE), `${pid}\nother-host.example\n2026-11-23T00:00:00Z\n`)
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
      expect(() => lockDataDir(dir)).toThrow(`pid ${pid} on host other-host.example`)
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toContain('other-host.example')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('takes over a stale lock of this host', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lotline-lock-host-'))
    try {
      writeFileSync(join(dir, LOCK_FILE), `${2 ** 22 + 17}\n${hostname()}\n2026-11-23T00:00:00Z\n`)
      const lock = lockDataDir(dir)
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid))
      lock.release()
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
