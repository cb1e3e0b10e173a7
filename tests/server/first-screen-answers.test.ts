/**
 * The page waits for its first answers only so long (decision 0039): a slow answer stays a
 * request of its own, and each answer is asked with the visitor's cookie and address.
 */
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  firstScreenAnswerer,
  pageCacheControl,
  type FirstScreenAnswer,
} from '../../server/lib/first-screen-answers.ts'

describe('first screen answers', () => {
  it('keeps what is ready in time, as the visitor asked it, and leaves the slow and the failed out', async () => {
    const app = Fastify({ logger: false })
    app.get('/base/api/fast', async (request) => ({
      cookie: request.headers.cookie,
      ip: request.ip,
      xhr: request.headers['x-requested-with'],
      forwardedFor: request.headers['x-forwarded-for'] ?? null,
    }))
    app.get('/base/api/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 500))
      return { late: true }
    })
    app.get('/base/api/missing', async (_request, reply) => reply.status(404).send({ code: 'x' }))
    app.get('/base/page', async (request) => {
      const answers = await firstScreenAnswerer(
        app,
        '/base/',
        100,
      )(request, ['api/fast', 'api/slow', 'api/missing'])
      return Object.fromEntries(answers)
    })
    const started = Date.now()
    const res = await app.inject({
      url: '/base/page',
      remoteAddress: '203.0.113.7',
      headers: { cookie: 'lotline_session=abc', 'x-forwarded-for': '198.51.100.1' },
    })
    expect(Date.now() - started).toBeLessThan(450)
    const answers = res.json() as Record<string, FirstScreenAnswer>
    expect(Object.keys(answers)).toEqual(['api/fast'])
    expect(answers['api/fast']!.noStore).toBe(false)
    expect(JSON.parse(answers['api/fast']!.body)).toEqual({
      cookie: 'lotline_session=abc',
      ip: '203.0.113.7',
      xhr: 'XMLHttpRequest',
      forwardedFor: null,
    })
    await app.close()
  })

  it('makes the page as private as the most private answer it carries', () => {
    const answer = (noStore: boolean) => ({ body: '{}', noStore })
    expect(pageCacheControl(undefined)).toBe('private, no-cache')
    expect(pageCacheControl(new Map([['api/config', answer(false)]]))).toBe('private, no-cache')
    expect(
      pageCacheControl(
        new Map([
          ['api/config', answer(false)],
          ['api/session', answer(true)],
        ]),
      ),
    ).toBe('no-store')
  })
})
