/**
 * The front doors stay true and short: docs/configuration.md, .env.example and the variables the
 * server reads name the same set, and no decision record grows past 60 lines (docs/README.md).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'

const root = new URL('../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** Entry points that read process.env themselves; loadConfig is asked directly (below). */
const ENTRY_POINTS = ['server/main.ts', 'server/realtime/main.ts']

const ENV_NAME = String.raw`[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*`

/** What loadConfig asks the environment for, in local mode and in production. */
function namesLoadConfigReads(): Set<string> {
  const names = new Set<string>()
  for (const given of [{}, { NODE_ENV: 'production' }]) {
    const env = new Proxy<Record<string, string | undefined>>(given, {
      get(target, name) {
        if (typeof name === 'string') names.add(name)
        return target[name as string]
      },
    })
    try {
      loadConfig(env)
    } catch {
      // Production refuses the development defaults; what it read is what counts here.
    }
  }
  return names
}

/** `env.NAME`, `'NAME'` and `NAME: …` keys in an entry point's code (comments left out). */
function namesReadIn(path: string): Set<string> {
  const code = read(path)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
  const patterns = [
    new RegExp(String.raw`\benv\.(${ENV_NAME})\b`, 'g'),
    new RegExp(String.raw`'(${ENV_NAME}_${ENV_NAME})'`, 'g'),
    new RegExp(String.raw`^\s+(${ENV_NAME}_${ENV_NAME}):`, 'gm'),
  ]
  return new Set(patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!)))
}

function serverReads(): string[] {
  const names = namesLoadConfigReads()
  for (const path of ENTRY_POINTS) for (const name of namesReadIn(path)) names.add(name)
  return [...names].sort()
}

function envExampleNames(): string[] {
  const lines = read('.env.example').matchAll(new RegExp(`^(${ENV_NAME})=`, 'gm'))
  return [...lines].map((m) => m[1]!).sort()
}

/** The first column of docs/configuration.md's tables: one variable per row. */
function documentedNames(): string[] {
  const rows = read('docs/configuration.md').matchAll(new RegExp(`^\\| \`(${ENV_NAME})\` `, 'gm'))
  return [...rows].map((m) => m[1]!).sort()
}

/** Non-test server files that touch process.env. */
function filesReadingProcessEnv(dir = 'server'): string[] {
  return readdirSync(new URL(`${dir}/`, root), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return filesReadingProcessEnv(path)
    if (!path.endsWith('.ts') || path.endsWith('.test.ts')) return []
    return read(path).includes('process.env') ? [path] : []
  })
}

describe('configuration documents', () => {
  it('only the known entry points and loadConfig read process.env, so the list below is whole', () => {
    expect(filesReadingProcessEnv().sort()).toEqual([...ENTRY_POINTS, 'server/config.ts'].sort())
  })

  it('the variables the server reads are the ones .env.example and docs/configuration.md name', () => {
    const reads = serverReads()
    // Positive controls: a variable of loadConfig's, one of the standalone service's, one of main's.
    expect(reads).toEqual(expect.arrayContaining(['PORT', 'REALTIME_WORKERS', 'CLIENT_DIST_DIR']))
    expect(envExampleNames(), '.env.example').toEqual(reads)
    expect(documentedNames(), 'docs/configuration.md').toEqual(reads)
  })

  it("the README's Configuration section names only variables docs/configuration.md explains", () => {
    const readme = read('README.md')
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Tests'))
    expect(section).toContain('docs/configuration.md')
    const named = [...section.matchAll(new RegExp(`\`(${ENV_NAME})\``, 'g'))].map((m) => m[1]!)
    expect(named).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL']))
    expect(named.filter((name) => !documentedNames().includes(name))).toEqual([])
  })
})

describe('decision records', () => {
  it('every record is at most 60 lines', () => {
    const dir = new URL('docs/decisions/', root)
    const records = readdirSync(dir).filter((name) => name.endsWith('.md'))
    expect(records.length).toBeGreaterThan(40)
    const lines = (name: string) => read(`docs/decisions/${name}`).trimEnd().split('\n').length
    const tooLong = records.filter((name) => lines(name) > 60).map((n) => `${n}: ${lines(n)}`)
    expect(tooLong).toEqual([])
  })
})
