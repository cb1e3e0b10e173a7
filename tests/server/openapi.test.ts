/**
 * The OpenAPI document (`GET /api/openapi.json`) against the routes the app really registers
 * (collected as it is built, so a new route is checked without touching this file): every route
 * the server owns is in it with its request schemas, a schema for its success answer and the
 * Problem schema for its errors. A route without a response schema fails here.
 */
import { readFileSync } from 'node:fs'
import type { RouteOptions } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { ERROR_CODES, PROBLEM_CONTENT_TYPE } from '../../common/errors.ts'
import { isServerPath } from '../../common/wire.ts'
import { ProblemSchema } from '../../server/schemas/shared.ts'
import { createTestApp } from './helpers.ts'

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version
const OPENAPI_ROUTE = '/api/openapi.json'

interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  additionalProperties?: boolean
  [key: string]: unknown
}
interface Collected {
  method: string
  url: string
  schema: Record<string, JsonSchema | Record<string, JsonSchema> | undefined>
}
interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: JsonSchema }> }
  >
}
interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Operation>>
}

/** Every route as the app registers it, under BASE_PATH `base`. */
async function appWithRoutes(env: Record<string, string> = {}) {
  const routes: Collected[] = []
  const t = await createTestApp({
    stripe: null,
    env,
    onRoute(route: RouteOptions) {
      for (const method of [route.method].flat()) {
        routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Collected['schema'] })
      }
    },
  })
  return { t, routes }
}

/** The routes the document must describe: the server's own (API, real-time auth, health). */
function documented(routes: Collected[], base: string): Collected[] {
  return routes.filter((route) => {
    const relative = route.url.slice(base.length)
    return (
      route.method !== 'HEAD' &&
      route.url.startsWith(base) &&
      isServerPath(relative) &&
      !relative.startsWith('uploads') &&
      // The scrape for operators (Prometheus text, token-guarded), not part of the app's API.
      relative !== 'metrics' &&
      route.url !== `${base}${OPENAPI_ROUTE.slice(1)}`
    )
  })
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
/** The Problem schema as JSON. */
const problemJson = JSON.parse(JSON.stringify(ProblemSchema)) as JsonSchema

const { t, routes } = await appWithRoutes()
afterAll(() => t.close())

describe('GET /api/openapi.json', () => {
  it('is public, not cached, and an OpenAPI 3.x document', async () => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_ROUTE })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe('no-store')
    const doc = response.json<OpenApiDocument>()
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/)
    expect(doc.info).toMatchObject({ title: 'Lotline API', version: VERSION })
    expect(typeof doc.paths).toBe('object')
    // Not the app shell, not the document itself.
    expect(Object.keys(doc.paths)).not.toContain(OPENAPI_ROUTE)
    for (const path of Object.keys(doc.paths)) expect(isServerPath(path.slice(1))).toBe(true)
  })

  const api = documented(routes, '/')
  it('sees the whole API (the collection itself works)', () => {
    expect(api.length).toBeGreaterThan(20)
    expect(api.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/lots/:id', 'POST /api/lots/:id/bids', 'GET /health']),
    )
  })

  describe.each(api.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    (_label, route) => {
      let operation: Operation | undefined
      const operationOf = async () => {
        if (operation) return operation
        const doc = (await t.app.inject({ url: OPENAPI_ROUTE })).json<OpenApiDocument>()
        operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]
        return operation
      }

      it('is in the document with its request schemas', async () => {
        const op = await operationOf()
        expect(op, 'missing from the document').toBeDefined()
        const parameters = op!.parameters ?? []
        for (const [location, key] of [
          ['path', 'params'],
          ['query', 'querystring'],
        ] as const) {
          const properties = Object.keys((route.schema[key] as JsonSchema)?.properties ?? {})
          const listed = parameters.filter((p) => p.in === location).map((p) => p.name)
          expect(listed.sort(), `${location} parameters`).toEqual(properties.sort())
          for (const p of parameters.filter((q) => q.in === location))
            expect(p.schema).toBeDefined()
        }
        if (route.schema.body) {
          expect(op!.requestBody?.content['application/json']?.schema).toBeDefined()
        }
      })

      it('declares a schema for its success answer', async () => {
        const declared = Object.keys(route.schema.response ?? {}).filter((s) => /^2\d\d$/.test(s))
        expect(declared, 'no 2xx response schema on the route').not.toEqual([])
        const op = await operationOf()
        const success = Object.entries(op!.responses).filter(([status]) => /^2\d\d$/.test(status))
        expect(success.map(([status]) => status).sort()).toEqual(declared.sort())
        for (const [status, response] of success) {
          if (status === '204') {
            expect(response.content, '204 has no body').toBeUndefined()
            continue
          }
          const schema = response.content?.['application/json']?.schema
          expect(schema, `${status} schema`).toBeDefined()
          // Closed objects: a field the schema does not list cannot leave by accident.
          if (schema?.type === 'object') expect(schema.additionalProperties).toBe(false)
        }
      })

      it('answers errors as problem+json with the Problem schema', async () => {
        const op = await operationOf()
        for (const status of ['4XX', '5XX']) {
          const schema = op!.responses[status]?.content?.[PROBLEM_CONTENT_TYPE]?.schema
          // The document may respell a schema (a record's patternProperties become
          // additionalProperties): the same fields, required the same, closed, the same codes.
          expect(schema, `${status} problem schema`).toMatchObject({
            type: 'object',
            required: problemJson.required,
            additionalProperties: false,
            properties: { code: { enum: [...ERROR_CODES] } },
          })
          expect(Object.keys(schema!.properties!)).toEqual(Object.keys(problemJson.properties!))
        }
      })
    },
  )
})

describe('under a base path', () => {
  it('serves the document at BASE_PATH/api/openapi.json with the prefixed paths', async () => {
    const base = '/lotline/'
    const other = await appWithRoutes({ BASE_PATH: base })
    try {
      expect((await other.t.app.inject({ url: OPENAPI_ROUTE })).statusCode).toBe(404)
      const response = await other.t.app.inject({ url: `${base}api/openapi.json` })
      expect(response.statusCode).toBe(200)
      const doc = response.json<OpenApiDocument>()
      const expected = documented(other.routes, base).map((r) => openApiPath(r.url))
      expect(expected.length).toBeGreaterThan(20)
      expect(Object.keys(doc.paths).sort()).toEqual([...new Set(expected)].sort())
    } finally {
      await other.t.close()
    }
  })
})
