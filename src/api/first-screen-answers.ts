import { FIRST_SCREEN_ANSWERS_ID } from '../../common/first-screen-answers'

/**
 * The first screen's API answers the page brought with it (decision 0039): the server wrote them
 * into a `<script type="application/json">`, keyed by the request as common/first-screen.ts
 * spells it. Each is handed out once, for a GET of exactly that address, and only early in the
 * page's life: later the app wants the server's answer of the moment.
 */
export const ANSWERS_FRESH_MS = 30_000

let answers: Map<string, unknown> | undefined

function readAnswers(): Map<string, unknown> {
  if (answers) return answers
  answers = new Map()
  const block =
    typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ANSWERS_ID)
  if (!block?.textContent) return answers
  try {
    const base = new URL(import.meta.env.BASE_URL, location.href)
    const parsed = JSON.parse(block.textContent) as Record<string, unknown>
    for (const [href, body] of Object.entries(parsed)) answers.set(new URL(href, base).href, body)
  } catch {
    // A damaged block is no answer: the app asks the server, as it would without one.
  }
  return answers
}

/** When the page's first bytes arrived, in ms since the navigation began. */
function pageArrivedAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return navigation?.responseStart ?? 0
}

/**
 * `serverTime` fields moved on by how long the answer waited in the page. Countdowns set the
 * server's clock from `serverTime` as the answer arrives (src/features/lots/clock.ts); an answer
 * the page brought a second ago would otherwise put every countdown a second late. The answer is
 * changed in place: it was parsed from the page for this one use, and copying a list of lots
 * object by object cost a slow phone tens of milliseconds of its first screen (decision 0059).
 */
export function agedBy<T>(body: T, waitedMs: number): T {
  if (waitedMs <= 0 || body === null || typeof body !== 'object') return body
  const record = body as Record<string, unknown>
  for (const key in record) {
    const value = record[key]
    if (key === 'serverTime' && typeof value === 'string') {
      const time = Date.parse(value)
      if (!Number.isNaN(time)) record[key] = new Date(time + Math.round(waitedMs)).toISOString()
    } else if (value !== null && typeof value === 'object') {
      agedBy(value, waitedMs)
    }
  }
  return body
}

/**
 * The server's render of the first screen (src/entry-server.tsx, decision 0059) fetches from the
 * answers it is about to write into the page, never from the network: while set, every GET is
 * answered from here, and one it lacks is a 503, so that render gives up and the page is the shell.
 */
let renderAnswers: ReadonlyMap<string, unknown> | undefined

export function answerFromDuringRender(answers: ReadonlyMap<string, unknown> | undefined): void {
  renderAnswers = answers
}

function renderAnswer(url: string): Response {
  const body = renderAnswers?.get(url)
  return body === undefined
    ? new Response('{}', { status: 503, headers: { 'Content-Type': 'application/json' } })
    : new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
}

/**
 * The page's answer for a GET of this absolute address, parsed, once (moved on by its wait in the
 * page); undefined when it brought none, and always while the server renders (its answers go
 * through the HTTP client, which turns a missing one into the 503 that stops the render).
 */
export function takeFirstScreenBody(url: string, now = performance.now()): unknown {
  if (renderAnswers) return undefined
  const all = readAnswers()
  if (all.size === 0) return undefined
  if (now > ANSWERS_FRESH_MS) {
    all.clear()
    return undefined
  }
  if (!all.has(url)) return undefined
  const body = all.get(url)
  all.delete(url)
  return agedBy(body, now - pageArrivedAt())
}

/** The page's answer for this request as a Response, once; undefined when it brought none. */
export function takeFirstScreenAnswer(
  input: RequestInfo | URL,
  init?: RequestInit,
  now = performance.now(),
): Response | undefined {
  const request = input instanceof Request ? input : undefined
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
  const url = request ? request.url : input instanceof URL ? input.href : String(input)
  if (renderAnswers) return renderAnswer(url)
  if (method !== 'GET') return undefined
  const body = takeFirstScreenBody(url, now)
  if (body === undefined) return undefined
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** Tests: forget what was read, so the next call reads the page again. */
export function resetFirstScreenAnswers(): void {
  answers = undefined
}
