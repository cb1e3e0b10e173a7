/** `--name N` from the command line: a positive number, `fallback` when absent, capped at `max`. */
export function numberArg(name: string, fallback: number, max: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = Number(i >= 0 ? process.argv[i + 1] : fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`bad --${name}`)
  return Math.min(value, max)
}

/** `--name` given on the command line. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`)
