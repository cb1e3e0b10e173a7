/**
 * Initial-JS budget check (docs/product.md §8: ≤ 100 KB gzip for the shell, what every screen
 * runs before its own code).
 *
 *   npm run build && npx tsx bench/bundle-size.ts
 *
 * The shell: the entry module of dist/index.html with its modulepreloads, and the app's start
 * the entry imports once the page has painted (decision 0059; the libraries and the app, named by
 * the server in every page from the build manifest: server/lib/shell-modules.ts, the same code the
 * server uses). Counting the entry's static imports alone would leave those out. Also reported,
 * not budgeted: what a first visit to each first screen (the lot list, a lot room) runs, the
 * shell and the chunks the server names for that screen. Each file is followed through its static
 * imports (not dynamic import()), gzipped (level 9); writes the "## Bundle size
 * (bench/bundle-size.ts)" section of docs/performance.md (only that section; other sections
 * belong to other benchmarks). Exits 1 when the shell is over budget.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { firstScreenModules } from '../common/first-screen.ts'
import { readManifest, screenModuleFiles } from '../server/lib/shell-modules.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
const docPath = join(root, 'docs', 'performance.md')
export const BUDGET_KB = 100
const HEADING = '## Bundle size (bench/bundle-size.ts)'

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/** Maps a URL from index.html (with the base path) to a file path inside dist/. */
function toDistPath(url: string, html: string): string {
  const clean = url.split(/[?#]/)[0] ?? url
  if (clean.startsWith('/')) {
    // Strip the base: the longest prefix of the path that exists in dist.
    const parts = clean.split('/').filter(Boolean)
    for (let i = 0; i < parts.length; i++) {
      const candidate = join(dist, ...parts.slice(i))
      if (existsSync(candidate)) return candidate
    }
    throw new Error(`Cannot find ${url} in dist/ (from ${html})`)
  }
  return join(dist, clean)
}

export function staticImports(code: string): string[] {
  const found = new Set<string>()
  const re = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']/g
  for (const match of code.matchAll(re)) if (match[1]) found.add(match[1])
  return [...found]
}

/**
 * [name, a path of it]: the shell (a path with no first screen gets the app's start alone), then
 * the first screens a first visit opens on.
 */
const SHELL = 'the shell (every screen)'
const FIRST_SCREENS: Array<[string, string]> = [
  [SHELL, '/account'],
  ['lot list `/`', '/'],
  ['lot room `/lots/:id`', '/lots/:id'],
]

/** The files a first visit to `path` runs: the entry's, then those the server names for it. */
function collectInitial(path: string): string[] {
  const htmlFile = join(dist, 'index.html')
  if (!existsSync(htmlFile)) throw new Error('dist/index.html not found: run `npm run build` first')
  const manifest = readManifest(dist)
  if (!manifest) throw new Error('dist/.vite/manifest.json not found: run `npm run build` first')
  const html = readFileSync(htmlFile, 'utf8')
  const start: string[] = []
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    if (m[1]) start.push(m[1])
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    if (m[1]) start.push(m[1])
  const seen = new Set<string>()
  const queue = [
    ...start.map((u) => toDistPath(u, 'index.html')),
    ...screenModuleFiles(manifest, firstScreenModules(path)).map((file) => join(dist, file)),
  ]
  while (queue.length) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) queue.push(join(dirname(file), spec))
      else if (spec.startsWith('/')) queue.push(toDistPath(spec, file))
    }
  }
  return [...seen]
}

interface Row {
  file: string
  raw: number
  gzip: number
}

const rowOf = (file: string): Row => {
  const buf = readFileSync(file)
  return { file: relative(dist, file).split('\\').join(posix.sep), raw: buf.length, gzip: gz(buf) }
}

function main(): void {
  const screens = FIRST_SCREENS.map(([name, path]) => {
    const files = collectInitial(path)
    const rows = files.map(rowOf).sort((a, b) => b.gzip - a.gzip)
    const total = rows.reduce((sum, r) => sum + r.gzip, 0)
    const totalRaw = rows.reduce((sum, r) => sum + r.raw, 0)
    return { name, files, rows, total, totalRaw, ok: name !== SHELL || total / 1024 <= BUDGET_KB }
  })
  const initial = new Set(screens.flatMap((screen) => screen.files))

  const assets = join(dist, 'assets')
  const lazy = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(assets, f))
    .filter((f) => !initial.has(f))
    .map((f) => ({ file: relative(dist, f), gzip: gz(readFileSync(f)) }))
    .sort((a, b) => b.gzip - a.gzip)
  const swFile = join(dist, 'sw.js')
  const sw = existsSync(swFile) ? gz(readFileSync(swFile)) : 0
  const css = readdirSync(assets)
    .filter((f) => f.endsWith('.css'))
    .reduce((sum, f) => sum + gz(readFileSync(join(assets, f))), 0)

  const ok = screens.every((screen) => screen.ok)
  const lines = [
    HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} from \`dist/\` (gzip level 9). Initial JS = the entry module in`,
    "`index.html`, its modulepreloads and the app's start it imports once the page has painted (the",
    'libraries and the app, which the server names in every page), each with its static imports: the shell every',
    "screen runs. A first screen's adds the chunks the server names for that screen. What loads later (real-time,",
    'prompts, other screens) is excluded.',
    '',
    ...screens.map((screen) =>
      screen.name === SHELL
        ? `**Initial JS: ${kb(screen.total)} KB gzip** (${kb(screen.totalRaw)} KB raw) — budget ${BUDGET_KB} KB: ${screen.ok ? 'within budget' : '**over budget**'}.`
        : `A first visit to the ${screen.name}: ${kb(screen.total)} KB gzip (${kb(screen.totalRaw)} KB raw), the shell included.`,
    ),
    '',
    `| initial file | raw KB | gzip KB | ${screens.map((screen) => screen.name).join(' | ')} |`,
    `|---|---:|---:|${screens.map(() => ':---:').join('|')}|`,
    ...[...initial]
      .map(rowOf)
      .sort((a, b) => b.gzip - a.gzip)
      .map(
        (r) =>
          `| \`${r.file}\` | ${kb(r.raw)} | ${kb(r.gzip)} | ${screens.map((screen) => (screen.files.includes(join(dist, r.file)) ? '✓' : '')).join(' | ')} |`,
      ),
    '',
    `Lazy chunks (loaded later or by other screens): ${lazy.map((l) => `\`${l.file}\` ${kb(l.gzip)}`).join(', ') || 'none'} (KB gzip).`,
    `CSS: ${kb(css)} KB gzip. Service worker \`sw.js\`: ${kb(sw)} KB gzip.`,
    '',
  ]
  const section = lines.join('\n')
  console.log(section)

  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Performance\n'
  const start = doc.indexOf(HEADING)
  if (start === -1) {
    doc = `${doc.trimEnd()}\n\n${section}`
  } else {
    const after = doc.indexOf('\n## ', start + HEADING.length)
    doc = doc.slice(0, start) + section + (after === -1 ? '' : `\n${doc.slice(after + 1)}`)
  }
  writeFileSync(docPath, doc.endsWith('\n') ? doc : `${doc}\n`)
  console.log(`updated ${relative(root, docPath)}`)
  if (!ok) process.exitCode = 1
}

main()
