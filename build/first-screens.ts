import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/**
 * The modules the first screens import statically, found once the build has its module graph
 * (decision 0037). `codeSplitting` puts those that several screens share in a chunk of their own,
 * so the first screen of a first visit downloads the shared code it runs and not the code only
 * other screens share (forms, account, push settings). `sources` are paths from the project
 * root (common/first-screen.ts names them for the server's preloads).
 */
export function firstScreens(root: URL, sources: string[]) {
  const reachable = new Set<string>()
  const plugin: Plugin = {
    name: 'lotline:first-screens',
    apply: 'build',
    buildEnd() {
      reachable.clear()
      const pending = sources.map((source) => fileURLToPath(new URL(source, root)))
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (reachable.has(id)) continue
        reachable.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  return { plugin, includes: (id: string) => reachable.has(id) }
}
