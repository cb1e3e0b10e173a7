/**
 * Requests Node cannot parse never reach a route: the app answers them itself (app.ts,
 * answerClientError) as problem+json like every other error, and closes the connection. Raw bytes
 * over TCP to a listening app; the app keeps serving afterwards.
 */
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROBLEM_CONTENT_TYPE } from '../../common/errors.ts'
import { ProblemSchema } from '../../server/schemas/shared.ts'
import { createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
let port = 0

beforeAll(async () => {
  t = await createTestApp({ stripe: null, env: { REQUEST_TIMEOUT_SECONDS: '1' } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t.close())

interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
  /** The server closed the connection. */
  closed: boolean
}

/** Writes raw bytes and reads whatever comes back until the server closes (or `ms` pass). */
function raw(bytes: string, ms = 5000): Promise<RawResponse> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1')
    let out = ''
    let closed = false
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      const [head = '', ...rest] = out.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':')
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]
        }),
      )
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0)
      done({ status, headers, body: rest.join('\r\n\r\n'), closed })
    }
    const timer = setTimeout(finish, ms)
    socket.on('data', (d) => (out += d.toString('latin1')))
    socket.on('end', () => (closed = true))
    socket.on('close', () => {
      closed = true
      finish()
    })
    // A reset is the server closing too: it answers an oversized header while we are still
    // writing it, and then our write meets a closed socket.
    socket.on('error', () => {
      closed = out.length > 0
      finish()
    })
    socket.write(bytes)
  })
}

const request = (line: string, headers: string[] = []) =>
  `${line}\r\nHost: x\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`

function expectProblem(response: RawResponse, status: number, title: string) {
  expect(response.status).toBe(status)
  // As Fastify types every other problem answer.
  expect(response.headers['content-type']).toBe(`${PROBLEM_CONTENT_TYPE}; charset=utf-8`)
  expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body))
  expect(response.closed).toBe(true)
  const problem: unknown = JSON.parse(response.body)
  expect(Value.Check(ProblemSchema, problem), response.body).toBe(true)
  expect(problem).toMatchObject({ status, title, code: 'bad_request' })
}

async function expectStillServing() {
  const health = await fetch(`http://127.0.0.1:${port}/health`)
  expect(health.status).toBe(200)
}

describe('malformed HTTP is answered as problem+json', () => {
  const cases: Array<[string, string, number, string]> = [
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400, 'Bad Request'],
    ['spaces in the request target', request('GET /a b c HTTP/1.1'), 400, 'Bad Request'],
    ['a NUL in a header', request('GET /health HTTP/1.1', ['X-Bad: a\u0000b']), 400, 'Bad Request'],
    [
      'a negative Content-Length',
      request('POST /api/lots HTTP/1.1', ['Content-Length: -5']),
      400,
      'Bad Request',
    ],
    [
      'header fields over the limit',
      request('GET /health HTTP/1.1', [`X-Big: ${'a'.repeat(70_000)}`]),
      431,
      'Request Header Fields Too Large',
    ],
  ]
  for (const [label, bytes, status, title] of cases) {
    it(`${label} → ${status}`, async () => {
      expectProblem(await raw(bytes), status, title)
      await expectStillServing()
    })
  }

  it('a body that never arrives → 408 within the request timeout', async () => {
    const started = Date.now()
    const response = await raw(
      request('POST /api/auth/login HTTP/1.1', [
        'Content-Type: application/json',
        'X-Requested-With: XMLHttpRequest',
        'Content-Length: 100',
      ]),
      8000,
    )
    expectProblem(response, 408, 'Request Timeout')
    expect(Date.now() - started).toBeLessThan(5000)
    await expectStillServing()
  })

  it('keeps an idle keep-alive connection past Node’s 5 s, so a reused one is answered', async () => {
    const socket = connect(port, '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    let out = ''
    let closed = false
    socket.on('data', (d: Buffer) => (out += d.toString()))
    socket.on('close', () => (closed = true))
    const ask = () => socket.write('GET /api/nothing-here HTTP/1.1\r\nHost: x\r\n\r\n')
    const answers = () => out.split('HTTP/1.1 404').length - 1
    ask()
    await expect.poll(answers).toBe(1)
    // Idle longer than Node's default keep-alive (5 s): the server must not have closed it.
    await new Promise((r) => setTimeout(r, 6_000))
    expect(closed).toBe(false)
    ask()
    await expect.poll(answers).toBe(2)
    socket.destroy()
  }, 20_000)

  it('a well-formed request on the same port is answered as usual', async () => {
    const response = await raw(request('GET /api/nothing-here HTTP/1.1', ['Connection: close']))
    expect(response.status).toBe(404)
    expect(response.headers['content-type']).toBe(`${PROBLEM_CONTENT_TYPE}; charset=utf-8`)
  })
})
