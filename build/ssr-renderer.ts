import { join } from 'node:path'
import { build, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

/** Where the renderer goes inside a client build: under `.vite/`, which is never served. */
export const RENDERER_DIR = join('.vite', 'ssr')
export const RENDERER_FILE = 'entry-server.js'

/**
 * After the client build, builds src/entry-server.tsx for Node into the same output (decision
 * 0059): one self-contained file (React's server renderer included), so a build copied elsewhere
 * (a deploy, a test's temporary build) renders without the project's node_modules beside it.
 * The same base path and the same React aliases as the client, so the HTML is what it hydrates.
 */
export function ssrRenderer(options: { root: string; alias: Record<string, string> }): Plugin {
  let outDir = ''
  let base = '/'
  let mode = 'production'
  return {
    name: 'lotline:ssr-renderer',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir
      base = config.base
      mode = config.mode
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: options.root,
        base,
        mode,
        logLevel: 'warn',
        resolve: {
          alias: {
            ...options.alias,
            'virtual:pwa-register/react': join(options.root, 'src/ssr/pwa-register.ts'),
          },
        },
        plugins: [react()],
        // React's production build: the server's own NODE_ENV is not the build's to decide.
        define: {
          'process.env.NODE_ENV': JSON.stringify(
            mode === 'production' ? 'production' : 'development',
          ),
        },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: join(outDir, RENDERER_DIR),
          emptyOutDir: true,
          target: 'node22',
          sourcemap: false,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: RENDERER_FILE, codeSplitting: false } },
        },
      })
    },
  }
}
