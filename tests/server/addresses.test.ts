import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADDRESSES_MAX, type AddressInput } from '../../common/orders/addresses.ts'
import { member, type Member } from './auction-helpers.ts'
import { createTestApp, signUp, testConfig, type TestApp } from './helpers.ts'

/** The address book (issue 29): `GET/POST /api/me/addresses`, `DELETE /api/me/addresses/:id`. */
const HOME: AddressInput = {
  name: 'Ana García',
  line1: 'Calle Mayor 1',
  town: 'Madrid',
  postalCode: '28013',
  country: 'ES',
}
const config = testConfig()
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config })
})
afterAll(() => t.close())

const newMember = () => member(t.app, t.db, config)
const add = (m: Member, address: Partial<AddressInput> & Record<string, unknown>, key?: string) =>
  m.b.request({
    method: 'POST',
    url: '/api/me/addresses',
    payload: { ...HOME, ...address },
    headers: key ? { 'idempotency-key': key } : {},
  })
const book = async (m: Member) => {
  const res = await m.b.request({ method: 'GET', url: '/api/me/addresses' })
  expect(res.statusCode).toBe(200)
  return res.json().items as Array<{ id: string; name: string; isDefault: boolean }>
}

describe('the address book', () => {
  it('starts empty, and the first address becomes the default', async () => {
    const m = await newMember()
    expect(await book(m)).toEqual([])
    const res = await add(m, { line2: ' Portal 3 ', phone: ' +34 600 123 456 ' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      ...HOME,
      line2: 'Portal 3',
      phone: '+34 600 123 456',
      isDefault: true,
    })
    expect(await book(m)).toEqual([res.json()])
  })

  it('moves the default to an address sent with isDefault, and lists the default first', async () => {
    const m = await newMember()
    await add(m, { name: 'First' })
    await add(m, { name: 'Second' })
    await add(m, { name: 'Third', isDefault: true })
    const names = (await book(m)).map((a) => [a.name, a.isDefault])
    expect(names).toEqual([
      ['Third', true],
      ['First', false],
      ['Second', false],
    ])
  })

  it('refuses a bad address with every field named, and keeps nothing', async () => {
    const m = await newMember()
    const res = await add(m, { name: ' ', country: 'es', phone: 'call me' })
    expect(res.statusCode).toBe(422)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        name: 'Must be one line with visible characters.',
        country: 'Must be a country code such as ES or GB.',
        phone: 'Must be a phone number such as +34 600 123 456.',
      },
    })
    expect(await book(m)).toEqual([])
  })

  it('refuses unknown fields and oversized values at the edge', async () => {
    const m = await newMember()
    expect((await add(m, { extra: 'x' })).statusCode).toBe(422)
    expect((await add(m, { line1: 'a'.repeat(10_000) })).statusCode).toBe(422)
    expect(await book(m)).toEqual([])
  })

  it(`keeps at most ${ADDRESSES_MAX} addresses`, async () => {
    const m = await newMember()
    for (let i = 0; i < ADDRESSES_MAX; i++) {
      expect((await add(m, { name: `Address ${i}` })).statusCode).toBe(201)
    }
    const refused = await add(m, { name: 'One too many' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('too_many_addresses')
    expect(await book(m)).toHaveLength(ADDRESSES_MAX)
  })

  it('holds the cap when the last adds arrive together', async () => {
    const m = await newMember()
    for (let i = 0; i < ADDRESSES_MAX - 2; i++) await add(m, { name: `Address ${i}` })
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => add(m, { name: `Racing ${i}` })))
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2)
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(3)
    expect(await book(m)).toHaveLength(ADDRESSES_MAX)
  })

  it('answers a repeated Idempotency-Key with the same address and adds nothing', async () => {
    const m = await newMember()
    const first = await add(m, {}, 'address-key-1')
    const again = await add(m, {}, 'address-key-1')
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(await book(m)).toHaveLength(1)
    const other = await add(m, { name: 'Someone else' }, 'address-key-1')
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('idempotency_key_reused')
  })

  it('removes an address, and the oldest left becomes the default', async () => {
    const m = await newMember()
    const first = (await add(m, { name: 'First' })).json()
    await add(m, { name: 'Second' })
    await add(m, { name: 'Third' })
    const res = await m.b.request({ method: 'DELETE', url: `/api/me/addresses/${first.id}` })
    expect(res.statusCode).toBe(204)
    expect((await book(m)).map((a) => [a.name, a.isDefault])).toEqual([
      ['Second', true],
      ['Third', false],
    ])
  })

  it('never shows or removes another member’s address', async () => {
    const owner = await newMember()
    const other = await newMember()
    const address = (await add(owner, {})).json()
    expect(await book(other)).toEqual([])
    const res = await other.b.request({ method: 'DELETE', url: `/api/me/addresses/${address.id}` })
    expect(res.statusCode).toBe(404)
    expect(await book(owner)).toHaveLength(1)
  })

  it('answers 401 without a session and 422 for an id that is not one', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/me/addresses' })
    expect(get.statusCode).toBe(401)
    const m = await newMember()
    const res = await m.b.request({ method: 'DELETE', url: '/api/me/addresses/not-an-id' })
    expect(res.statusCode).toBe(422)
  })
})

describe('deleting the account', () => {
  it('erases the address book with the rest of the personal data', async () => {
    const password = 'a long enough password'
    const { b, user } = await signUp(t.app, { name: 'Leaving', password, emailPrefix: 'leaving' })
    const added = await b.request({ method: 'POST', url: '/api/me/addresses', payload: HOME })
    expect(added.statusCode).toBe(201)
    const gone = await b.request({ method: 'DELETE', url: '/api/me', payload: { password } })
    expect(gone.statusCode).toBe(204)
    const { rows } = await t.db.query('select 1 from addresses where user_id = $1', [user.id])
    expect(rows).toEqual([])
  })
})
