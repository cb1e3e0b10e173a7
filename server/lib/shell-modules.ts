import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), keyed by its source. */
export interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}
export type Manifest = Record<string, ManifestChunk>

/** The build's manifest, or undefined where there is none (an old build, a test's shell). */
export function readManifest(distDir: string): Manifest | undefined {
  const path = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest
  } catch {
    return undefined
  }
}

/** Every chunk file `keys` load, their static imports included, in load order. */
function closure(manifest: Manifest, keys: string[]): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
    files.push(chunk.file)
  }
  keys.forEach(visit)
  return files
}

/**
 * The script files a page's first screen needs beyond what the page's entry already names (Vite
 * writes the entry's own `<link rel="modulepreload">`): the app's start, which the entry imports
 * once the page has painted (decision 0059), then the screen's chunk and the chunks it imports,
 * so they download beside the entry instead of one after another as the code runs (decision 0035).
 * The start is found from the entry's dynamic imports: its chunk is a group's (`app`), which the
 * manifest keys by the chunk, not by `src/boot.tsx`.
 */
export function screenModuleFiles(manifest: Manifest, sources: string[]): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry)
  const named = new Set(closure(manifest, entries))
  const start = entries.flatMap((key) => manifest[key]!.dynamicImports ?? [])
  return closure(manifest, [...start, ...sources]).filter((file) => !named.has(file))
}
