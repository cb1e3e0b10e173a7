import type { Plugin } from 'vite'

/** Vite's module for the helper every dynamic import goes through in a build. */
const HELPER_ID = '\0vite/preload-helper.js'

/**
 * The helper without its dependency preloading. Vite wraps each `import()` as
 * `__vitePreload(() => import(x), deps)`; its helper (1.7 KB, in the entry) inserts
 * `<link rel=modulepreload>` for `deps` first. This build never gives it any: the stylesheet is
 * one file (no CSS deps) and `modulePreload.resolveDependencies` names no script deps from script
 * (vite.config.ts, decision 0035). What remains is what the app relies on: the import itself and
 * the `vite:preloadError` event (src/app/preload-recovery.ts), cancelable, with the error as
 * `payload`, thrown on unless a listener prevented it (docs/decisions/0042-lean-preload-helper.md).
 */
const LEAN_HELPER = `export const __vitePreload = (load) =>
  load().catch((error) => {
    const event = new Event('vite:preloadError', { cancelable: true })
    event.payload = error
    window.dispatchEvent(event)
    if (!event.defaultPrevented) throw error
  })
`

/** Deps Vite wrote for a dynamic import: `__vite__mapDeps([...])` in a chunk. */
const MAPPED_DEPS = '__vite__mapDeps('
/** Vite's own helper picks the link's `rel` from a new link's `relList` (nothing else here does). */
const VITE_HELPER = '.relList'

export function leanPreloadHelper(): Plugin {
  return {
    name: 'lotline:lean-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === HELPER_ID ? HELPER_ID : undefined
    },
    load(id) {
      return id === HELPER_ID ? LEAN_HELPER : undefined
    },
    // The lean helper ignores deps: a build that has some (CSS split per chunk, preloads from
    // script) must not pass with them silently dropped. And a Vite that no longer asks for the
    // module by this id must not pass with its own helper quietly back in the entry.
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        if (chunk.code.includes(MAPPED_DEPS))
          this.error(`${chunk.fileName} preloads dependencies the lean preload helper ignores`)
        if (chunk.code.includes(VITE_HELPER))
          this.error(`${chunk.fileName} carries Vite's own preload helper, not the lean one`)
      }
    },
  }
}
