import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'

export const LOCK_FILE = 'lotline.lock'

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly host: string = hostname(),
  ) {
    const who = host === hostname() ? `pid ${pid}` : `pid ${pid} on host ${host}`
    super(
      `Another Lotline server (${who}) is already using the data folder ${dataDir}. ` +
        `Two servers writing one database lose data: stop that one first, or give this one its ` +
        `own DATA_DIR. If process ${pid}${host === hostname() ? '' : ` on ${host}`} is not a ` +
        `running Lotline server, delete ${join(dataDir, LOCK_FILE)}.`,
    )
  }
}

export interface DataDirLock {
  release(): void
}

/**
 * One server per data folder: PGlite keeps no lock of its own, and two processes writing the same
 * files lose committed data. The lock is a file created exclusively (O_EXCL) holding our pid; a
 * lock whose process is gone (killed with SIGKILL, power loss) is stale and taken over. Takeovers
 * are serialised through a second exclusive file, so two servers starting at once over a stale
 * lock cannot both win. Liveness can only be checked on this host: a lock written on another host
 * (two containers sharing a volume, where the other's pid means nothing here) always refuses.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < 10; attempt++) {
    if (tryCreate(path)) return { release: () => releaseIfOurs(path) }
    const holder = readSettledHolder(path)
    if (holder && holder.host !== hostname())
      throw new DataDirLockedError(dir, holder.pid, holder.host)
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
      throw new DataDirLockedError(dir, holder.pid)
    }
    takeOverStale(path, holder?.pid)
  }
  throw new Error(`Could not lock the data folder ${dir}: its lock file keeps changing.`)
}

function tryCreate(path: string): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o644)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`)
  } finally {
    closeSync(fd)
  }
  return true
}

interface Holder {
  pid: number
  host: string
}

/** Who holds a lock file, allowing its creator a moment between creating and writing it. */
function readSettledHolder(path: string): Holder | undefined {
  for (let look = 0; look < 3; look++) {
    const holder = readHolder(path)
    if (holder !== undefined) return holder
    sleepSync(50)
  }
  return undefined
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** Undefined while the holder has created the file but not yet written it. */
function readHolder(path: string): Holder | undefined {
  try {
    const [pidLine, host] = readFileSync(path, 'utf8').split('\n')
    const pid = Number(pidLine)
    // A lock from before the host was written counts as this host's.
    return Number.isInteger(pid) && pid > 0 ? { pid, host: host || hostname() } : undefined
  } catch {
    return undefined
  }
}

function readPid(path: string): number | undefined {
  return readHolder(path)?.pid
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, it just is not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function takeOverStale(path: string, stalePid: number | undefined) {
  const guard = `${path}.takeover`
  if (!tryCreate(guard)) {
    // Someone else is taking over (or died doing so): clear a dead guard, then look again.
    const owner = readSettledHolder(guard)?.pid
    if (owner === undefined || !isAlive(owner)) unlinkQuietly(guard)
    else sleepSync(50)
    return
  }
  try {
    // Only remove the lock if it still names the dead process (nobody replaced it meanwhile).
    if (readPid(path) === stalePid) unlinkQuietly(path)
  } finally {
    unlinkQuietly(guard)
  }
}

function releaseIfOurs(path: string) {
  if (readPid(path) === process.pid) unlinkQuietly(path)
}

function unlinkQuietly(path: string) {
  try {
    unlinkSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
