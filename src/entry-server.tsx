// First: the globals the app's modules read as they load.
import { RENDER_ORIGIN } from './ssr/globals'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import type { QueryClient } from '@tanstack/react-query'
import { App } from './app/App'
import { loadMemberNav } from './app/member-nav'
import { matches, paramsOf, routes } from './app/routes'
import { configQuery } from './api/config'
import { answerFromDuringRender } from './api/first-screen-answers'
import { createApiQueryClient } from './api/query-client'
import { meQuery } from './features/auth/api'
import {
  isLanguage,
  loadLanguage,
  loadListMessages,
  loadMoreMessages,
  setRenderLanguage,
  type Language,
} from './i18n'
import { setFirstRenderHints, type FirstRenderHints } from '../common/first-render'

/**
 * The lot list's and a lot room's first screen as HTML (decision 0059): the same components the
 * browser runs, rendered from the answers the server writes into the page, so the first paint and
 * the largest need no script; the browser then hydrates them (src/main.tsx). Built by Vite as the
 * server's renderer (vite.config.ts), loaded by server/lib/first-screen-html.ts.
 */
export interface FirstScreenRequest {
  /** Path and query under the base, as the router sees it: `/`, `/lots/abc?x=1`. */
  path: string
  search: string
  /** The page's API answers: href relative to the base (common/first-screen.ts) → JSON. */
  answers: Record<string, unknown>
  language: string
  hints: FirstRenderHints
}

/** Screens the server renders; every other page is the shell, as before. */
const RENDERED = ['/', '/lots/:id']

/** Renders one at a time: the language, the hints and the answers are the module's for a render. */
let queue: Promise<unknown> = Promise.resolve()

export function renderFirstScreen(request: FirstScreenRequest): Promise<string | undefined> {
  const turn = queue.then(() => render(request))
  queue = turn.catch(() => undefined)
  return turn
}

async function render(request: FirstScreenRequest): Promise<string | undefined> {
  const pattern = RENDERED.find((candidate) => matches(candidate, request.path))
  const route = pattern && routes.find((candidate) => candidate.path === pattern)
  if (!route || !isLanguage(request.language)) return undefined
  const language: Language = request.language
  const [screen] = await Promise.all([
    route.component.preload(),
    loadListMessages(),
    loadMoreMessages(),
    loadLanguage(language),
    loadMemberNav(),
  ])
  const base = new URL(import.meta.env.BASE_URL, RENDER_ORIGIN)
  const answers = new Map(
    Object.entries(request.answers).map(([href, body]) => [new URL(href, base).href, body]),
  )
  const client = createApiQueryClient()
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  })
  answerFromDuringRender(answers)
  setFirstRenderHints(request.hints)
  setRenderLanguage(language)
  try {
    await Promise.all([
      client.prefetchQuery(configQuery),
      client.prefetchQuery(meQuery(client)),
      screen.prefetch?.(client, {
        params: paramsOf(pattern, request.path) ?? {},
        search: request.search,
      }),
    ])
    // Anything the page does not carry: no HTML, the shell and the app's own fetch instead.
    if (failed(client)) return undefined
    const app = (
      <StrictMode>
        <App
          client={client}
          restore="deferred"
          ssr={{ path: base.pathname.replace(/\/$/, '') + request.path, search: request.search }}
        />
      </StrictMode>
    )
    // One synchronous pass: the HTML, whole, or (a lazy part not loaded yet, a part that failed)
    // with a boundary left to the browser. Then the lazy parts are waited for once (React's
    // `prerender`, its streamed output unused: it needs inline scripts the CSP refuses) and the
    // pass is made again. What is still not whole is not sent: the page is the shell.
    let html = renderToString(app)
    if (!isWhole(html)) {
      await prerender(app, { onError: () => undefined })
      html = renderToString(app)
    }
    return isWhole(html) ? html : undefined
  } finally {
    answerFromDuringRender(undefined)
    setFirstRenderHints(undefined)
    client.clear()
  }
}

/**
 * HTML the browser can show and hydrate as it is: no boundary left pending or to the client
 * (`<!--$?-->`, `<!--$!-->`), no template or script of React's streaming.
 */
function isWhole(html: string): boolean {
  return !/<!--\$[?!]-->|<template|<script/.test(html)
}

function failed(client: QueryClient): boolean {
  return client
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status !== 'success')
}
