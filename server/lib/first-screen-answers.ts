/**
 * The first screen's API answers, written into the page they open (decision 0039). A first visit
 * on slow 4G otherwise spends its few connections on three or four small JSON requests beside the
 * code; inside the page they arrive with its first bytes. Each answer is the API's own, asked
 * in-process with the visitor's cookie and address, so it is exactly what the app would have
 * fetched, rate limits and all.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { FIRST_SCREEN_ANSWERS_ID } from '../../common/first-screen-answers.ts'

/** An answer larger than this stays a request of its own: the page would grow by more than it saves. */
export const INLINE_ANSWER_LIMIT = 64 * 1024

/** One answer as the API gave it: its JSON, and whether the API forbade storing it. */
export interface FirstScreenAnswer {
  body: string
  noStore: boolean
}

/** href (relative to the base path, as common/first-screen.ts spells it) → the API's answer. */
export type FirstScreenAnswers = ReadonlyMap<string, FirstScreenAnswer>

/**
 * The page is as private as the most private answer it carries: `no-store` when one of them is
 * (the session always is), else revalidated every time and never kept by a shared cache.
 */
export function pageCacheControl(answers: FirstScreenAnswers | undefined): string {
  const noStore = [...(answers?.values() ?? [])].some((answer) => answer.noStore)
  return noStore ? 'no-store' : 'private, no-cache'
}

/**
 * How long the page waits for its answers. A healthy API answers in a few milliseconds; one that
 * is slow must not hold the page back: what is not ready by then stays a preloaded request.
 */
export const ANSWER_WAIT_MS = 300

/** What the visitor's request says that the API's answer may depend on; nothing else is passed. */
const FORWARDED = ['cookie', 'host', 'user-agent', 'accept-language'] as const

/**
 * Asks the API for `hrefs` as the visitor would, all at once. Only plain successes (200, JSON,
 * within the limit) that are ready within `waitMs` are kept: anything else is left to the app,
 * which fetches it and shows its error or empty state as usual.
 */
export function firstScreenAnswerer(app: FastifyInstance, base: string, waitMs = ANSWER_WAIT_MS) {
  return async (request: FastifyRequest, hrefs: string[]): Promise<FirstScreenAnswers> => {
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, waitMs, undefined)
    })
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
    }
    for (const name of FORWARDED) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const ask = async (href: string) => {
      const res = await app.inject({
        method: 'GET',
        url: base + href,
        headers,
        remoteAddress: request.ip,
      })
      const json = /^application\/json\b/.test(String(res.headers['content-type'] ?? ''))
      const kept = res.statusCode === 200 && json && res.body.length <= INLINE_ANSWER_LIMIT
      const noStore = /\bno-store\b/.test(String(res.headers['cache-control'] ?? ''))
      return kept ? ([href, { body: res.body, noStore }] as const) : undefined
    }
    try {
      const answers = await Promise.all(hrefs.map((href) => Promise.race([ask(href), deadline])))
      return new Map(answers.filter((answer) => answer !== undefined))
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * The answers as a data block (`type="application/json"`: never run, so the CSP's
 * `script-src 'self'` holds). Every `<` is written `\u003c`, which JSON reads back as `<`: a lot
 * titled `</script><script>…` cannot end the block.
 */
export function answersBlock(answers: FirstScreenAnswers): string {
  if (answers.size === 0) return ''
  const entries = [...answers].map(([href, { body }]) => `${JSON.stringify(href)}:${body}`)
  const json = `{${entries.join(',')}}`.replaceAll('<', '\\u003c')
  return `<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ID}">${json}</script>`
}
