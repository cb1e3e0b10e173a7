/**
 * Every socket is a file descriptor, and in `npm start` the API, its database pool and its files
 * share this process's descriptors with the real-time service. So the service's own connection
 * ceiling is kept below the soft RLIMIT_NOFILE with a reserve for the rest: a flood of sockets
 * gets 4100 before the API gets EMFILE. Node has no getrlimit; Linux shows it in
 * /proc/self/limits, elsewhere the limit is unknown and the configured maximum stands.
 */
import { readFileSync } from 'node:fs'

/** Descriptors always left to the rest of the process: at least this many… */
export const MIN_FD_RESERVE = 256
/** …or this share of the limit, whichever is more. */
export const FD_RESERVE_SHARE = 0.25

/** The soft "Max open files" from /proc/self/limits text; undefined when unknown or unlimited. */
export function parseOpenFileLimit(limitsText: string): number | undefined {
  const match = /^Max open files\s+(\S+)/m.exec(limitsText)
  const soft = match?.[1]
  return soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : undefined
}

export function readOpenFileLimit(): number | undefined {
  try {
    return parseOpenFileLimit(readFileSync('/proc/self/limits', 'utf8'))
  } catch {
    return undefined
  }
}

export interface ConnectionCeiling {
  /** The connections the service will accept: the configured maximum, or less to keep the reserve. */
  maxConnections: number
  /** Descriptors kept for the rest of the process (0 when the limit is unknown). */
  reserve: number
  /** Set when the limit forced the ceiling below the configured maximum: the limit that would not. */
  neededLimit: number | undefined
}

/** The reserve a limit of `limit` descriptors keeps. */
export function fdReserve(limit: number): number {
  return Math.max(MIN_FD_RESERVE, Math.ceil(limit * FD_RESERVE_SHARE))
}

export function connectionCeiling(
  configured: number,
  openFileLimit: number | undefined,
): ConnectionCeiling {
  if (openFileLimit === undefined) {
    return { maxConnections: configured, reserve: 0, neededLimit: undefined }
  }
  const reserve = fdReserve(openFileLimit)
  const available = Math.max(1, openFileLimit - reserve)
  if (configured <= available)
    return { maxConnections: configured, reserve, neededLimit: undefined }
  // The smallest limit whose own reserve still leaves `configured` descriptors.
  const neededLimit = Math.max(
    configured + MIN_FD_RESERVE,
    Math.ceil(configured / (1 - FD_RESERVE_SHARE)),
  )
  return { maxConnections: available, reserve, neededLimit }
}
