import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { PROBLEM_CONTENT_TYPE } from '../../common/errors.ts'
import type { Config } from '../config.ts'
import { toProblem } from '../lib/problem.ts'
import {
  screenOf,
  withFirstScreenPreloads,
  type FirstPicture,
  type Screen,
} from '../lib/shell-preloads.ts'
import { isServerPath } from '../../common/wire.ts'
import { readManifest, screenModuleFiles } from '../lib/shell-modules.ts'
import { pageCacheControl, type FirstScreenAnswers } from '../lib/first-screen-answers.ts'
import { firstScreenRequests } from '../../common/first-screen.ts'
import {
  firstScreenRenderer,
  stylesheetReader,
  withRenderedScreen,
} from '../lib/first-screen-html.ts'

/**
 * Caching: Vite's hashed files under assets/ never change, so they are immutable for a year. The
 * shell entry points (index.html, sw.js, the manifest, registerSW) must be revalidated every time,
 * or a deploy would never reach installed apps. Everything else (icons) gets a day.
 */
/** A build file's name without the `.br` / `.gz` of a precompressed copy. */
const withoutEncoding = (path: string) => path.replace(/\.(br|gz)$/, '')

/** Files the build also wrote as `.br` and `.gz` (build/compress.ts): their answer varies. */
const NEGOTIATED = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/

function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return 'public, max-age=31536000, immutable'
  if (/(^|\/)(index\.html|sw\.js|manifest\.webmanifest|registerSW\.js)$/.test(relativePath)) {
    return 'no-cache'
  }
  if (relativePath.startsWith('workbox-')) return 'no-cache'
  return 'public, max-age=86400'
}

export default fp(async function staticFiles(
  app: FastifyInstance,
  opts: {
    config: Config
    distDir: string | undefined
    uploadsDir?: string
    /** The picture a screen shows first, preloaded by the shell (server/routes/lots/first-picture.ts). */
    firstPicture?: (screen: Screen) => Promise<FirstPicture | undefined>
    /** The first screen's API answers, written into the shell (server/lib/first-screen-answers.ts). */
    firstScreenAnswers?: (request: FastifyRequest, hrefs: string[]) => Promise<FirstScreenAnswers>
  },
) {
  const base = opts.config.basePath
  const distDir = opts.distDir ?? ''
  const indexPath = join(distDir, 'index.html')
  const hasClient = Boolean(opts.distDir) && existsSync(indexPath)
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: base,
      index: false,
      wildcard: true,
      cacheControl: false,
      // Never a dotfile: the build's `.vite/` holds its manifest and the server's renderer.
      dotfiles: 'ignore',
      // `x.js.br` / `x.js.gz` by Accept-Encoding (build/compress.ts), else `x.js`.
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = withoutEncoding(
          filePath
            .slice(distDir.length)
            .replace(/^[/\\]/, '')
            .replaceAll('\\', '/'),
        )
        res.setHeader('Cache-Control', cacheControlFor(relative))
        if (NEGOTIATED.test(relative)) res.setHeader('Vary', 'Accept-Encoding')
        if (relative.endsWith('.webmanifest'))
          res.setHeader('Content-Type', 'application/manifest+json')
      },
    })
  } else if (opts.distDir) {
    app.log.warn(`No client build at ${opts.distDir}: run "npm run build" to serve the app.`)
  }

  if (opts.uploadsDir) {
    // Uploaded pictures are named by their content hash: they never change, so cache them forever.
    await app.register(fastifyStatic, {
      root: opts.uploadsDir,
      prefix: `${base}uploads/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      },
    })
  }

  // The lot list and lot rooms come as HTML drawn by the app's own components (decision 0059).
  const renderScreen = hasClient ? firstScreenRenderer(distDir, app.log) : undefined
  const stylesheet = stylesheetReader(distDir, base)
  // The shell is read per request: a deploy replaces dist/ under a running server. It carries
  // the first screen's API answers and names its picture for this address, so they arrive with
  // the page or beside the code (decisions 0030, 0031, 0039). Without them (none, or a lookup
  // failed) it is still the shell, and the app fetches what it needs.
  const shell = async (request: FastifyRequest) => {
    const screen = screenOf(base, request.url)
    const [picture, answers] = await Promise.all([
      screen && opts.firstPicture
        ? opts.firstPicture(screen).catch((error: unknown) => {
            request.log.warn({ err: error }, 'first picture lookup failed')
            return undefined
          })
        : undefined,
      screen && opts.firstScreenAnswers
        ? opts
            .firstScreenAnswers(request, firstScreenRequests(screen.path, screen.search))
            .catch((error: unknown) => {
              request.log.warn({ err: error }, 'first screen answers failed')
              return undefined
            })
        : undefined,
    ])
    const manifest = readManifest(distDir)
    const moduleFiles = (sources: string[]) =>
      manifest ? screenModuleFiles(manifest, sources) : []
    const rendered =
      screen && answers && renderScreen
        ? await renderScreen(request, screen, answers).catch((error: unknown) => {
            request.log.warn({ err: error }, 'first screen render failed')
            return undefined
          })
        : undefined
    const html = withFirstScreenPreloads(
      readFileSync(indexPath, 'utf8'),
      base,
      request.url,
      picture,
      moduleFiles,
      answers,
      rendered !== undefined,
    )
    // Revalidated every time like index.html, and as private as the answers it carries.
    return {
      html: rendered ? withRenderedScreen(html, rendered, stylesheet) : html,
      cacheControl: pageCacheControl(answers),
    }
  }
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const { html, cacheControl } = await shell(request)
    return reply.header('Cache-Control', cacheControl).type('text/html; charset=utf-8').send(html)
  }
  if (hasClient) {
    // The static handler answers a directory with 403; the base itself is the app's start URL.
    app.get(base, sendShell)
  }

  app.setNotFoundHandler(async (request, reply) => {
    // Decided on the decoded path, as the router sees it: `/%61pi/x` is the API's, not a page.
    const decoded = decodedPath(request.url)
    const path = (decoded ?? request.url.split('?')[0] ?? '').slice(base.length - 1)
    const relative = path.replace(/^\//, '')
    const serverOwned = isServerPath(relative)
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    const looksLikeFile = /\.[a-z0-9]+$/i.test(relative)
    const inApp = decoded !== undefined && decoded.startsWith(base)
    if (hasClient && wantsPage && !serverOwned && !looksLikeFile && inApp) {
      return sendShell(request, reply)
    }
    return reply
      .status(404)
      .type(PROBLEM_CONTENT_TYPE)
      .send(toProblem(404, 'not_found', `Nothing at ${request.method} ${path}.`))
  })
})

/** The request's path, percent-decoded; undefined when it is not valid percent-encoding. */
function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '')
  } catch {
    return undefined
  }
}
