/**
 * The page waits for its first answers only so long (decision 0039): a slow answer stays a
 * request of its own, and each answer is asked with the visitor's cookie and address.
 */
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { FIRST_SCREEN_ANSWERS_ID } from '../../common/first-screen-answers.ts'
import {
  answersBlock,
  firstScreenAnswerer,
  INLINE_ANSWER_LIMIT,
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
    // Answers only once the page has: a page that waited for it would never come.
    let pageArrived = () => {}
    const arrived = new Promise<void>((resolve) => (pageArrived = resolve))
    app.get('/base/api/slow', async () => {
      await arrived
      return { late: true }
    })
    app.get('/base/api/missing', async (_request, reply) => reply.status(404).send({ code: 'x' }))
    app.get('/base/page', async (request) => {
      const answers = await firstScreenAnswerer(
        app,
        '/base/',
        250,
      )(request, ['api/fast', 'api/slow', 'api/missing'])
      return Object.fromEntries(answers)
    })
    const res = await app.inject({
      url: '/base/page',
      remoteAddress: '203.0.113.7',
      headers: { cookie: 'lotline_session=abc', 'x-forwarded-for': '198.51.100.1' },
    })
    pageArrived()
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

  it('asks with what the answer may depend on, and keeps only plain JSON successes within the limit', async () => {
    const app = Fastify({ logger: false })
    app.get('/api/echo', async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send({
        host: request.headers.host,
        userAgent: request.headers['user-agent'],
        language: request.headers['accept-language'],
        accept: request.headers.accept,
        referer: request.headers.referer ?? null,
      }),
    )
    app.get('/api/html', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'))
    app.get('/api/jsonish', async (_request, reply) =>
      reply.type('application/jsonx').send('{"x":1}'),
    )
    app.get('/api/made', async (_request, reply) => reply.status(201).send({ id: 'x' }))
    app.get('/api/wrapped', async (_request, reply) =>
      reply.header('content-type', 'text/plain; profile=application/json').send('{"x":1}'),
    )
    // Only the directive itself makes the page no-store, not a word that contains it.
    app.get('/api/lookalike', async (_request, reply) =>
      reply.header('cache-control', 'xno-store, x-no-stored').send({ ok: true }),
    )
    // `{"x":"…"}` is 8 characters around the padding.
    const sized = (length: number) => JSON.stringify({ x: 'a'.repeat(length - 8) })
    app.get('/api/at-limit', async (_request, reply) =>
      reply.type('application/json').send(sized(INLINE_ANSWER_LIMIT)),
    )
    app.get('/api/over-limit', async (_request, reply) =>
      reply.type('application/json').send(sized(INLINE_ANSWER_LIMIT + 1)),
    )
    app.get('/page', async (request) =>
      Object.fromEntries(
        await firstScreenAnswerer(app, '/')(request, [
          'api/echo',
          'api/html',
          'api/jsonish',
          'api/made',
          'api/wrapped',
          'api/lookalike',
          'api/at-limit',
          'api/over-limit',
        ]),
      ),
    )
    const res = await app.inject({
      url: '/page',
      headers: {
        host: 'lotline.example',
        'user-agent': 'Phone/1.0',
        'accept-language': 'nl-NL',
        accept: 'text/html',
        referer: 'https://elsewhere.example/',
      },
    })
    const answers = res.json() as Record<string, FirstScreenAnswer>
    expect(Object.keys(answers)).toEqual(['api/echo', 'api/lookalike', 'api/at-limit'])
    expect(answers['api/lookalike']!.noStore).toBe(false)
    expect(answers['api/echo']!.noStore).toBe(true)
    expect(answers['api/at-limit']!.noStore).toBe(false)
    expect(answers['api/at-limit']!.body).toHaveLength(INLINE_ANSWER_LIMIT)
    expect(JSON.parse(answers['api/echo']!.body)).toEqual({
      host: 'lotline.example',
      userAgent: 'Phone/1.0',
      language: 'nl-NL',
      accept: 'application/json',
      referer: null,
    })
    await app.close()
  })

  it('writes the answers as one JSON block that no answer can end early, and nothing without any', () => {
    expect(answersBlock(new Map())).toBe('')
    const block = answersBlock(
      new Map([
        ['api/config', { body: '{"currency":"EUR"}', noStore: false }],
        ['api/lots?sort=ending', { body: '{"items":[{"title":"</script><b>"}]}', noStore: true }],
      ]),
    )
    const [, id, json] = /^<script type="application\/json" id="([^"]+)">(.*)<\/script>$/s.exec(
      block,
    )!
    expect(id).toBe(FIRST_SCREEN_ANSWERS_ID)
    expect(json).not.toContain('<')
    expect(JSON.parse(json!)).toEqual({
      'api/config': { currency: 'EUR' },
      'api/lots?sort=ending': { items: [{ title: '</script><b>' }] },
    })
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
