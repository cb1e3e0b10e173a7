/**
 * The first screen as HTML (decision 0059): the build's renderer (src/entry-server.tsx, built by
 * build/ssr-renderer.ts) draws the lot list or a lot room from the answers the page carries, with
 * the app's own components, and this writes it into the shell in place of the skeleton. The
 * browser paints it before any script and then hydrates it. Without a renderer (an older build, a
 * test's shell), or when it cannot draw a screen, the page is the shell, exactly as before.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { FirstScreenAnswers } from './first-screen-answers.ts'
import {
  hintAttributes,
  TIME_ZONE_COOKIE,
  type FirstRenderHints,
} from '../../common/first-render.ts'
import { preferredLang } from '../../common/accept-language.ts'

/** What the build's renderer exports (src/entry-server.tsx). */
interface Renderer {
  renderFirstScreen(request: {
    path: string
    search: string
    answers: Record<string, unknown>
    language: string
    hints: FirstRenderHints
  }): Promise<string | undefined>
}

export const RENDERER_PATH = join('.vite', 'ssr', 'entry-server.js')

/** The reader's zone as the app remembers it (src/i18n/time-zone.ts) if this runtime knows it, else UTC. */
export function timeZoneFrom(cookies: Record<string, string | undefined>): string {
  const zone = cookies[TIME_ZONE_COOKIE]
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return 'UTC'
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    return 'UTC'
  }
}

/**
 * Phones get the phone layout in the HTML (the room's bid bar): what their browser says, by its
 * client hint (Chromium) or its user agent (the others). A wrong guess costs one redraw after
 * hydration, never a wrong screen.
 */
export function looksLikePhone(headers: FastifyRequest['headers']): boolean {
  if (headers['sec-ch-ua-mobile'] === '?1') return true
  return /\bMobi|\bAndroid\b|\biPhone\b/.test(String(headers['user-agent'] ?? ''))
}

/** The HTML of a rendered first screen and the attributes `#root` carries for its hydration. */
export interface RenderedScreen {
  html: string
  language: string
  hints: FirstRenderHints
}

/**
 * A renderer for the build in `distDir`, loaded on first use and again when a deploy replaces the
 * file (its modification time is part of the module's address, so Node loads the new one).
 */
export function firstScreenRenderer(distDir: string, log: FastifyBaseLogger) {
  const file = join(distDir, RENDERER_PATH)
  let loaded: { version: number; renderer: Promise<Renderer | undefined> } | undefined
  const renderer = () => {
    if (!existsSync(file)) return undefined
    const version = statSync(file).mtimeMs
    if (loaded?.version !== version) {
      const url = `${pathToFileURL(file).href}?v=${version}`
      loaded = {
        version,
        renderer: (import(url) as Promise<Renderer>).catch((error: unknown) => {
          log.error({ err: error }, 'first screen renderer failed to load')
          return undefined
        }),
      }
    }
    return loaded.renderer
  }

  // Loaded now, not by the first visitor: the renderer is a large module.
  void renderer()
  return async (
    request: FastifyRequest,
    screen: { path: string; search: string },
    answers: FirstScreenAnswers,
  ): Promise<RenderedScreen | undefined> => {
    const loadedRenderer = await renderer()
    if (!loadedRenderer) return undefined
    const language = preferredLang(request.headers['accept-language'])
    const hints: FirstRenderHints = {
      now: Date.now(),
      phone: looksLikePhone(request.headers),
      timeZone: timeZoneFrom(request.cookies ?? {}),
    }
    const bodies: Record<string, unknown> = {}
    for (const [href, answer] of answers) bodies[href] = JSON.parse(answer.body)
    const html = await loadedRenderer.renderFirstScreen({
      ...screen,
      answers: bodies,
      language,
      hints,
    })
    return html === undefined ? undefined : { html, language, hints }
  }
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/** The shell's preload of the app's stylesheet (build/shell-css.ts). */
const STYLESHEET_PRELOAD = /<link rel="preload" as="style"[^>]* href="([^"]+)" data-app-style>/g

/**
 * The app's stylesheet, by its address in the shell (hashed, so its content never changes): read
 * once from the build. Undefined when it is not in `distDir` (a base path the file does not
 * follow, a test's shell): the page then links it.
 */
export function stylesheetReader(distDir: string, base: string) {
  const sheets = new Map<string, string | undefined>()
  return (href: string): string | undefined => {
    if (!sheets.has(href)) {
      const file = href.startsWith(base) ? join(distDir, href.slice(base.length)) : ''
      sheets.set(href, file && existsSync(file) ? readFileSync(file, 'utf8') : undefined)
    }
    return sheets.get(href)
  }
}

/**
 * The shell with the rendered screen in `#root` instead of the skeleton, the page's language, and
 * the app's stylesheet in the page itself: the HTML must paint styled with no script at all, and a
 * stylesheet of its own would hold the first paint back by a round trip on a slow network (the
 * shell only preloads it and lets the script apply it, build/shell-css.ts). Later screens and
 * visits use the file, which the service worker keeps.
 */
export function withRenderedScreen(
  shell: string,
  rendered: RenderedScreen,
  stylesheet: (href: string) => string | undefined = () => undefined,
): string {
  const attributes = Object.entries(hintAttributes(rendered.language, rendered.hints))
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ')
  const root = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/
  if (!root.test(shell)) return shell
  // Functions, not strings: a string replacement reads `$'` and `$&` in the HTML as patterns.
  return shell
    .replace(
      root,
      (_match, end: string) => `<div id="root" ${attributes}>${rendered.html}</div>${end}`,
    )
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeAttribute(rendered.language)}"`)
    .replace(STYLESHEET_PRELOAD, (link, href: string) => {
      const css = stylesheet(href)
      // `</style` cannot occur in a stylesheet the build wrote; refused all the same.
      if (css === undefined || /<\/style/i.test(css)) {
        return link.replace('rel="preload" as="style"', 'rel="stylesheet"')
      }
      return `<style data-app-style>${css}</style>`
    })
}
