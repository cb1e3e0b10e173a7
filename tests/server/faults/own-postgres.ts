import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from '../../free-port.ts'

const run = promisify(execFile)

/**
 * A PostgreSQL cluster of the test's own, so a fault test can stop and start "the database"
 * without touching the machine's shared server that other suites use. Binaries come from
 * PG_BIN_DIR or the newest /usr/lib/postgresql/<version>/bin; as root they run as the `postgres`
 * OS user (PostgreSQL refuses to run as root).
 */
export interface OwnPostgres {
  port: number
  /** A connection URL for `database` on this cluster. */
  url(database?: string): string
  createDatabase(name: string): Promise<string>
  /** Fast shutdown: clients are disconnected (57P01), open transactions roll back. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops the cluster (immediate) and deletes its files; safe to call twice. */
  destroy(): void
}

function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0]) throw new Error('no PostgreSQL binaries (set PG_BIN_DIR)')
  return join(root, versions[0], 'bin')
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir()
  const asRoot = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'lotline-own-pg-'))
  const data = join(dir, 'data')
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args]
  const exec = async (tool: string, args: string[]) => {
    const [file, argv] = command(tool, args)
    await run(file, argv, { cwd: dir })
  }
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`
  const pgCtl = (args: string[]) => exec('pg_ctl', ['-D', data, '-w', '-t', '30', ...args])
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`

  let destroyed = false
  const destroy = () => {
    if (destroyed) return
    destroyed = true
    process.off('exit', destroy)
    try {
      const [file, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      execFileSync(file, argv, { cwd: dir, stdio: 'ignore' })
    } catch {
      // Not running.
    }
    rmSync(dir, { recursive: true, force: true })
  }
  // A test process that dies anyway does not leave a server behind.
  process.on('exit', destroy)

  try {
    await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'])
    await pgCtl(['-o', options, '-l', join(dir, 'log'), 'start'])
  } catch (error) {
    destroy()
    throw error
  }
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() })
      await client.connect()
      await client.query(`create database ${name}`)
      await client.end()
      return url(name)
    },
    stop: () => pgCtl(['-m', 'fast', 'stop']),
    start: () => pgCtl(['-o', options, '-l', join(dir, 'log'), 'start']),
    destroy,
  }
}
