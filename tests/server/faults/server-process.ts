import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../free-port.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** The real server (`server/main.ts` under tsx), as an operator runs it, on free ports. */
export interface ServerProcess {
  port: number
  baseUrl: string
  child: ChildProcess
  /** Everything it wrote to stdout and stderr so far. */
  output(): string
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>
  /** Resolves when GET /health answers 200; rejects on exit or after `timeoutMs`. */
  healthy(timeoutMs?: number): Promise<void>
  kill(signal?: NodeJS.Signals): Promise<number | string>
}

/** Same ports on every start, so a restarted server is where its clients left it. */
export interface ServerPorts {
  port: number
  pusherPort: number
  dataDir: string
  /** Deletes the scratch directory. */
  dispose(): void
}

export async function serverPorts(): Promise<ServerPorts> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lotline-fault-data-'))
  return {
    port: await freePort(),
    pusherPort: await freePort(),
    dataDir,
    dispose: () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

export function startServer(ports: ServerPorts, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(ports.port),
      PUSHER_PORT: String(ports.pusherPort),
      DATA_DIR: ports.dataDir,
      // No client build is needed: the API alone is under test.
      CLIENT_DIST_DIR: ports.dataDir,
      // Local mode's demo fees would change every hold these suites check (decision 0051).
      BUYER_PREMIUM_PERCENT: '0',
      SELLER_FEE_PERCENT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  let gone = false
  void exited.then(() => (gone = true))
  const baseUrl = `http://127.0.0.1:${ports.port}`
  return {
    port: ports.port,
    baseUrl,
    child,
    output: () => output,
    exited,
    async healthy(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        if (gone) throw new Error(`the server exited before it was healthy:\n${output}`)
        const status = await fetch(`${baseUrl}/health`).then(
          (r) => r.status,
          () => 0,
        )
        if (status === 200) return
        await sleep(100)
      }
      throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${output}`)
    },
    async kill(signal = 'SIGKILL') {
      if (!gone) child.kill(signal)
      return exited
    },
  }
}
