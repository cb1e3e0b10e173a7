import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { showChannel } from '../../../common/wire.ts'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { browser, createTestApp, testConfig, XHR, type TestApp } from '../helpers.ts'
import { insertShow } from './show-kit.ts'

/** Following a seller, and who may be counted among a show's viewers (issue 34). */
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)
let t: TestApp
let seller: Member
let fan: Member

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
beforeEach(async () => {
  seller = await member(t.app, t.db, config, { name: 'Marta Ruiz' })
  fan = await member(t.app, t.db, config)
})
afterAll(() => t.close())

const follow = (m: Member, id: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  m.b.request({ method, url: `/api/sellers/${id}/follow` })
const profileAs = async (m: Member | null, id = seller.id) => {
  const res = m
    ? await m.b.request({ method: 'GET', url: `/api/sellers/${id}` })
    : await t.app.inject({ method: 'GET', url: `/api/sellers/${id}` })
  expect(res.statusCode).toBe(200)
  return res.json() as { followers: number; following: boolean }
}

describe('following a seller', () => {
  it('follows and unfollows, each idempotent, and the profile counts it', async () => {
    expect(await profileAs(fan)).toMatchObject({ followers: 0, following: false })
    expect((await follow(fan, seller.id)).statusCode).toBe(204)
    expect((await follow(fan, seller.id)).statusCode).toBe(204)
    expect(await profileAs(fan)).toMatchObject({ followers: 1, following: true })
    // A guest sees the count, and follows nobody.
    expect(await profileAs(null)).toMatchObject({ followers: 1, following: false })
    const other = await member(t.app, t.db, config)
    expect((await follow(other, seller.id)).statusCode).toBe(204)
    expect(await profileAs(other)).toMatchObject({ followers: 2, following: true })
    expect((await follow(fan, seller.id, 'DELETE')).statusCode).toBe(204)
    expect((await follow(fan, seller.id, 'DELETE')).statusCode).toBe(204)
    expect(await profileAs(fan)).toMatchObject({ followers: 1, following: false })
  })

  it('cannot follow yourself (422), an unknown seller (404), a bad id (422), or as a guest (401)', async () => {
    const self = await follow(seller, seller.id)
    expect(self.statusCode).toBe(422)
    expect(self.json().code).toBe('validation_failed')
    expect((await follow(fan, randomUUID())).statusCode).toBe(404)
    expect((await follow(fan, 'nobody')).statusCode).toBe(422)
    const guest = await t.app.inject({
      method: 'PUT',
      url: `/api/sellers/${seller.id}/follow`,
      headers: XHR,
    })
    expect(guest.statusCode).toBe(401)
    expect(await profileAs(null)).toMatchObject({ followers: 0 })
  })

  it('a closed account neither counts nor can be followed', async () => {
    await follow(fan, seller.id)
    await t.db.query('update users set deleted_at = now() where id = $1', [fan.id])
    expect(await profileAs(null)).toMatchObject({ followers: 0 })
    await t.db.query('update users set deleted_at = now() where id = $1', [seller.id])
    const other = await member(t.app, t.db, config)
    expect((await follow(other, seller.id)).statusCode).toBe(404)
  })
})

describe("a show's viewers (counted on its public channel, no presence)", () => {
  const SOCKET = '1234.5678'
  const authorize = (m: Member | null, channel: string) =>
    (m ?? { b: browser(t.app) }).b.request({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: XHR,
      payload: { socket_id: SOCKET, channel_name: channel },
    })

  it('has no presence channel to join: the count is show.{id}’s subscription count', async () => {
    const showId = await insertShow(t.db, seller.id, { state: 'live' })
    expect((await authorize(fan, `presence-show.${showId}`)).statusCode).toBe(403)
    expect((await authorize(null, `presence-show.${showId}`)).statusCode).toBe(401)
    // The public channel the count comes from needs no authorization.
    expect((await authorize(fan, showChannel(showId))).statusCode).toBe(400)
  })
})
