import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testConfig, type TestApp } from './helpers.ts'
import { member } from './auction-helpers.ts'

/** The seller's next steps for the buyer, entered when listing (decision 0023): hostile input. */
let t: TestApp
const config = testConfig()

beforeAll(async () => {
  t = await createTestApp({ config })
})
afterAll(() => t.close())

const newMember = (credit = 0) => member(t.app, t.db, config, { credit })

describe('next steps on a new lot', () => {
  it('next steps when listing: kept, limited to 500 characters, hostile text refused', async () => {
    const seller = await newMember(0)
    const create = (nextSteps: unknown) =>
      seller.b.request({
        method: 'POST',
        url: '/api/lots',
        payload: {
          title: 'Oak chair',
          category: 'other',
          startingPrice: 1_000,
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          delivery: { pickup: { town: 'Madrid' } },
          nextSteps,
        },
      })
    const ok = await create('x'.repeat(500))
    expect(ok.statusCode).toBe(201)
    const { rows } = await t.db.query<{ next_steps: string }>(
      'select next_steps from lots where id = $1',
      [ok.json().id],
    )
    expect(rows[0]!.next_steps).toHaveLength(500)
    for (const bad of ['x'.repeat(501), 'Pickup\u0007 now', 42]) {
      const res = await create(bad)
      expect(res.statusCode, String(bad).slice(0, 20)).toBe(422)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(Object.keys(res.json().errors ?? {})).toContain('nextSteps')
    }
  })
})
