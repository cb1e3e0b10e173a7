import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { compressBuild } from './build/compress.ts'
import { leanPreloadHelper } from './build/lean-preload.ts'
import { inlineShellCss } from './build/shell-css.ts'
import { firstScreens } from './build/first-screens.ts'
import { ssrRenderer } from './build/ssr-renderer.ts'
import { firstScreenModules } from './common/first-screen.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/** `BASE_PATH=/lotline/` serves the whole app (shell, SW, manifest, API prefix) under that path. */
export function normalizeBase(value: string | undefined): string {
  const raw = (value ?? '/').trim() || '/'
  const withLead = raw.startsWith('/') ? raw : `/${raw}`
  return withLead.endsWith('/') ? withLead : `${withLead}/`
}

const base = normalizeBase(process.env.BASE_PATH)
const isVitest = Boolean(process.env.VITEST)
/** What the app's start runs (src/boot.tsx, loaded by the entry): the `app` chunk (decision 0059). */
const BOOT_SOURCES = ['src/boot-libraries.ts', 'src/boot.tsx']
const BOOT = firstScreens(new URL('./', import.meta.url), BOOT_SOURCES)
const screenSources = (path: string) =>
  firstScreenModules(path).filter((source) => !BOOT_SOURCES.includes(source))
/**
 * The lot list's modules, and what every page loads once it has painted (the real-time rules, the
 * update and install prompts' words): what every first visit runs (decision 0037).
 */
const FIRST_SCREENS = firstScreens(new URL('./', import.meta.url), [
  ...screenSources('/'),
  'src/app/realtime-rules.ts',
  'src/i18n/messages/prompts.ts',
])
/** The lot room's beyond those: a first visit to the list never downloads them (decision 0037). */
const ROOM_SCREEN = firstScreens(new URL('./', import.meta.url), screenSources('/lots/:id'))

/**
 * `manifest.webmanifest` at the top level is the single source of the web app manifest.
 * id / start_url / scope are rewritten to follow the base path; icon and screenshot `src`
 * values are relative, so they resolve against the manifest URL (which lives under the base).
 */
export function loadManifest(basePath: string): Partial<ManifestOptions> {
  const file = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'))
  return { ...file, id: basePath, start_url: basePath, scope: basePath }
}

const manifest = loadManifest(base)
const MANIFEST_FILENAME = 'manifest.webmanifest'

/**
 * vite-plugin-pwa injects `<link rel="manifest">` and serves the manifest only in builds
 * (its dev SW is off on purpose). This serves the same manifest in `vite` dev and adds the link,
 * so the dev shell looks like the built one.
 */
function devManifest(): Plugin {
  const url = `${base}${MANIFEST_FILENAME}`
  return {
    name: 'lotline:dev-manifest',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url !== url) return next()
        res.setHeader('Content-Type', 'application/manifest+json')
        res.end(JSON.stringify(manifest, null, 2))
      })
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: url }, injectTo: 'head' },
    ],
  }
}

/** The client's aliases; the server's renderer is built with the same (build/ssr-renderer.ts). */
const BUILD_ALIAS = {
  // React 18+ has useSyncExternalStore; wouter's shim for older React is dead weight.
  'use-sync-external-store/shim/index.js': fileURLToPath(
    new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
  ),
}

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8000'
/** Server-owned paths, relative to the base. The SW denylist mirrors this list (sw/routes.ts). */
const proxied = ['api', 'broadcasting', 'health', 'uploads']

export default defineConfig({
  base,
  root,
  resolve: {
    alias: isVitest
      ? {
          // The virtual module only exists inside a vite-plugin-pwa build; tests get a stub.
          'virtual:pwa-register/react': fileURLToPath(
            new URL('./src/testing/pwa-register-stub.ts', import.meta.url),
          ),
        }
      : BUILD_ALIAS,
  },
  plugins: [
    react(),
    leanPreloadHelper(),
    devManifest(),
    inlineShellCss(new URL('./src/styles/shell.css', import.meta.url)),
    FIRST_SCREENS.plugin,
    ROOM_SCREEN.plugin,
    BOOT.plugin,
    VitePWA({
      disable: isVitest,
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: MANIFEST_FILENAME,
      manifest,
      // Icons come from globPatterns; the plugin adds the manifest entry itself (no duplicates).
      includeManifestIcons: false,
      devOptions: { enabled: false },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        // Store screenshots are for install UI only; not worth precaching on every device.
        globIgnores: ['screenshots/**', MANIFEST_FILENAME],
        // Keep the SW one file (no code-split chunks resolved from the wrong path).
        rollupFormat: 'iife',
      },
    }),
    compressBuild(),
    ...(isVitest ? [] : [ssrRenderer({ root, alias: BUILD_ALIAS })]),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((p) => [`${base}${p}`, { target: apiTarget, changeOrigin: false, ws: false }]),
    ),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser Lotline supports has <link rel="modulepreload">: no polyfill in the entry.
    // The page names the entry's chunks (html); a lazy chunk's imports are not preloaded from
    // script, whose link insertions cost the first visit tens of milliseconds of main thread:
    // the server names the first screen's chunks in the page instead, from the manifest
    // (server/lib/shell-modules.ts, decision 0035), and later screens come from the worker's cache.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    manifest: true,
    // One stylesheet, at the end of <body> (build/shell-css.ts): screens' own CSS inserted later
    // into <head> would come before it and lose the cascade to it.
    cssCodeSplit: false,
    // Screens are lazy per route (src/app/routes.tsx); pusher-js and Stripe will be lazy too.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every screen runs on change only with an upgrade: one chunk of their own
          // stays cached across deploys, and the app's entry is then only the app (decision 0030).
          groups: [
            // Vite's helper for dynamic imports, which the entry runs: apart, so that the entry
            // evaluates nothing else before its first yield (decision 0059).
            { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
            // The app's modules the entry runs before any library (src/main.tsx): a small chunk.
            {
              name: 'entry',
              test: /([\\/]src[\\/]app[\\/](install-capture|started-event)|[\\/]common[\\/]code-after-picture)\.ts$/,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|ky|wouter|regexparam|idb-keyval|use-sync-external-store)[\\/]/,
            },
            // The app's own code the entry runs, in one chunk with it rather than six of a few
            // hundred bytes each: every file is a request, and a slow phone pays a round trip
            // for each beyond its six connections (decision 0035).
            {
              name: 'app',
              // What src/boot.tsx runs; not main.tsx: the entry stays a chunk of its own, which the
              // build manifest names, and starts the app in two tasks (decision 0059).
              test: (id) =>
                /[\\/](src|common)[\\/]/.test(id) &&
                // What the entry itself imports stays out: it runs before any library.
                !/(main\.tsx|boot-libraries\.ts|install-capture\.ts|started-event\.ts|code-after-picture\.ts)$/.test(
                  id,
                ) &&
                BOOT.includes(id),
            },
            // Code two or more screens share, in one chunk rather than one per combination: what
            // the first screens run apart from the rest, which a first visit then never downloads.
            // The list's (every page's real-time rules with it) first, then what only the lot room
            // adds: a first visit to the list downloads none of the room's orders, gallery or bids.
            {
              name: 'first-screens',
              test: (id) => /[\\/](src|common)[\\/]/.test(id) && FIRST_SCREENS.includes(id),
              minShareCount: 2,
            },
            {
              name: 'room-screen',
              test: (id) => /[\\/](src|common)[\\/]/.test(id) && ROOM_SCREEN.includes(id),
              minShareCount: 2,
            },
            // What the show screens share (issue 34) in a chunk of their own: the other screens'
            // shared chunk below then does not grow with code only a show needs.
            {
              name: 'shows-shared',
              test: /[\\/]src[\\/]features[\\/]shows[\\/]/,
              minShareCount: 2,
            },
            {
              name: 'screens',
              test: /[\\/](src|common)[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
})
