/**
 * Initial-JS budget check (docs/product.md §8: ≤ 100 KB gzip for the shell).
 *
 *   npm run build && npx tsx bench/bundle-size.ts
 *
 * Reads dist/index.html, follows the entry module, its modulepreloads and every static import
 * (not dynamic import()) transitively, gzips each file (level 9), prints the table and total, and
 * writes the "## Bundle size (bench/bundle-size.ts)" section of docs/performance.md (only that
 * section; other sections belong to other benchmarks). Exits 1 when over budget.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

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

function collectInitial(): string[] {
  const htmlFile = join(dist, 'index.html')
  if (!existsSync(htmlFile)) throw new Error('dist/index.html not found: run `npm run build` first')
  const html = readFileSync(htmlFile, 'utf8')
  const start: string[] = []
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    if (m[1]) start.push(m[1])
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    if (m[1]) start.push(m[1])
  const seen = new Set<string>()
  const queue = start.map((u) => toDistPath(u, 'index.html'))
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

function main(): void {
  const initial = collectInitial()
  const rows = initial
    .map((file) => {
      const buf = readFileSync(file)
      return {
        file: relative(dist, file).split('\\').join(posix.sep),
        raw: buf.length,
        gzip: gz(buf),
      }
    })
    .sort((a, b) => b.gzip - a.gzip)
  const total = rows.reduce((sum, r) => sum + r.gzip, 0)
  const totalRaw = rows.reduce((sum, r) => sum + r.raw, 0)

  const assets = join(dist, 'assets')
  const lazy = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(assets, f))
    .filter((f) => !initial.includes(f))
    .map((f) => ({ file: relative(dist, f), gzip: gz(readFileSync(f)) }))
    .sort((a, b) => b.gzip - a.gzip)
  const swFile = join(dist, 'sw.js')
  const sw = existsSync(swFile) ? gz(readFileSync(swFile)) : 0
  const css = readdirSync(assets)
    .filter((f) => f.endsWith('.css'))
    .reduce((sum, f) => sum + gz(readFileSync(join(assets, f))), 0)

  const ok = total / 1024 <= BUDGET_KB
  const lines = [
    HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} from \`dist/\` (gzip level 9). Initial JS = the entry`,
    'module in `index.html`, its modulepreloads and their static imports; lazy route chunks excluded.',
    '',
    `**Initial JS: ${kb(total)} KB gzip** (${kb(totalRaw)} KB raw) — budget ${BUDGET_KB} KB: ${ok ? 'within budget' : '**over budget**'}.`,
    '',
    '| initial file | raw KB | gzip KB |',
    '|---|---:|---:|',
    ...rows.map((r) => `| \`${r.file}\` | ${kb(r.raw)} | ${kb(r.gzip)} |`),
    '',
    `Lazy chunks (loaded per route): ${lazy.map((l) => `\`${l.file}\` ${kb(l.gzip)}`).join(', ') || 'none'} (KB gzip).`,
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
