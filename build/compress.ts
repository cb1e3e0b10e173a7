import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

/** Text assets worth compressing; images and fonts are compressed formats already. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 512

/** Every file under `dir`, except `.vite/` (the manifest and the server's renderer: never served). */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === '.vite') return []
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/** Writes `x.br` (brotli 11) and `x.gz` (gzip 9) beside every text file of `dir`; returns how many. */
export function compressDir(dir: string): number {
  let count = 0
  for (const file of walk(dir)) {
    if (!TEXT.test(file)) continue
    const bytes = readFileSync(file)
    if (bytes.length < MIN_BYTES) continue
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    )
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
    count += 1
  }
  return count
}

/**
 * Brotli and gzip copies of every text asset of the build, served by content negotiation
 * (server/plugins/static.ts, decision 0029). Runs when the whole build is written: after
 * vite-plugin-pwa has built and written sw.js in its own closeBundle, which a plain
 * `generateBundle` would miss. The copies are never precached: the worker's glob lists none.
 */
export function compressBuild(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'lotline:compress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = resolve(config.root, config.build.outDir)
        const count = compressDir(outDir)
        config.logger.info(`compressed ${count} text files (br, gz) in ${outDir}`)
      },
    },
  }
}
