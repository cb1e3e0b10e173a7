import type { Limit } from '../lib/attempt-limiter.ts'

export type Env = Record<string, string | undefined>

/**
 * Typed reads of the environment for loadConfig (server/config.ts). A bad value is recorded in
 * `problems` with the variable's name and the fallback is returned, so every problem of a
 * misconfigured deploy is reported together.
 */
export interface EnvReader {
  /** The trimmed value; undefined when unset or blank. */
  str(name: string): string | undefined
  int(name: string, fallback: number, min: number, max: number): number
  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T
  /** A count per window such as `10/1m`. */
  limit(name: string, fallback: string): Limit
}

export function envReader(env: Env, problems: string[]): EnvReader {
  const str = (name: string) => {
    const value = env[name]?.trim()
    return value ? value : undefined
  }
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`)
      return fallback
    }
    return value
  }
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = str(name)
    if (raw === undefined) return fallback
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`)
      return fallback
    }
    return raw as T
  }
  const limit = (name: string, fallback: string): Limit => {
    const raw = str(name) ?? fallback
    const parsed = parseLimit(raw)
    if (!parsed) {
      problems.push(`${name} must look like 10/1m: attempts per 30s, 10m or 1h (got "${raw}")`)
      return parseLimit(fallback)!
    }
    return parsed
  }
  return { str, int, oneOf, limit }
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const

/** "10/1m" = at most 10 per minute. */
function parseLimit(raw: string): Limit | undefined {
  const match = /^(\d{1,6})\s*\/\s*(\d{1,4})\s*([smh])$/.exec(raw.trim())
  if (!match) return undefined
  const max = Number(match[1])
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS]
  return max >= 1 && windowMs > 0 ? { max, windowMs } : undefined
}
