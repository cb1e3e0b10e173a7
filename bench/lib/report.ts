import { execSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { cpus, totalmem } from 'node:os'

const REPORT = new URL('../../docs/performance.md', import.meta.url)

/** One line naming the machine a figure was measured on. */
export function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  const chromium = (() => {
    try {
      return execSync('/usr/bin/chromium --version 2>/dev/null', { encoding: 'utf8' }).trim()
    } catch {
      return 'no chromium'
    }
  })()
  return `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${chromium}, ${new Date().toISOString()}`
}

/** Replaces (or appends) one `## heading` section of docs/performance.md, leaving the rest. */
export async function writeSection(heading: string, body: string): Promise<void> {
  const current = await readFile(REPORT, 'utf8').catch(() => '# Performance\n')
  const title = `## ${heading}`
  const start = current.indexOf(title)
  const section = `${title}\n\n${body.trim()}\n`
  if (start === -1) {
    await writeFile(REPORT, `${current.trimEnd()}\n\n${section}`)
    return
  }
  const next = current.indexOf('\n## ', start + title.length)
  const rest = next === -1 ? '' : current.slice(next)
  await writeFile(REPORT, `${current.slice(0, start)}${section}${rest}`)
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}
