import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { defaultAlertPreferences } from '../../../common/alerts.ts'
import { closeLot } from '../../../server/commands/settlement/close-lot.ts'
import { sendMessageDigests } from '../../../server/jobs/message-digests.ts'
import { alertMailer } from '../../../server/mail/alerts/mailer.ts'
import { unsubscribeUrl } from '../../../server/mail/alerts/unsubscribe-link.ts'
import { mailOutbox } from '../../../server/mail/outbox.ts'
import { bid, member, openLot, type Member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { post, soldOrder } from '../orders/order-kit.ts'

/** What Lotline tells members by e-mail (docs/product.md "What Lotline tells you"). */
const APP = 'https://lotline.example'
const config = testConfig({ APP_URL: APP })
const alerts = alertMailer(config, mailOutbox(config))
let t: TestApp
let seller: Member
let buyer: Member

interface MailRow {
  id: number
  user_id: string
  kind: string
  lang: string
  subject: string
  text_body: string
  html_body: string
  headers: Record<string, string>
  status: string
}

beforeAll(async () => {
  t = await createTestApp({ config })
})
beforeEach(async () => {
  seller = await member(t.app, t.db, config, { name: 'Sam Seller' })
  buyer = await member(t.app, t.db, config, { credit: 50_000, name: 'Bea Buyer' })
})
afterAll(() => t.close())

async function mailsTo(m: Member, kind?: string): Promise<MailRow[]> {
  const { rows } = await t.db.query<MailRow>(
    `select * from mail_outbox where user_id = $1 and ($2::text is null or kind = $2) order by id`,
    [m.id, kind ?? null],
  )
  return rows
}

const speaks = (m: Member, lang: 'en' | 'es') =>
  t.db.query('update users set lang = $2 where id = $1', [m.id, lang])

async function putAlerts(m: Member, change: (p: Record<string, Record<string, boolean>>) => void) {
  const current = (await m.b.request({ method: 'GET', url: '/api/me/alerts' })).json()
  change(current)
  const res = await m.b.request({ method: 'PUT', url: '/api/me/alerts', payload: current })
  expect(res.statusCode).toBe(200)
  return res.json()
}

/** A lot the buyer wins at €30.00, closed by settlement with alert mails. */
async function wonLot(title = 'Brass compass', beforeClose = async () => {}) {
  const lotId = await openLot(t.db, seller.id, { title })
  expect((await bid(buyer, lotId, { amount: 3_000 })).statusCode).toBe(201)
  await beforeClose()
  await t.db.query(`update lots set ends_at = now() - interval '1 second' where id = $1`, [lotId])
  const closed = await closeLot({ db: t.db, currency: 'EUR', alerts }, lotId)
  expect(closed).toBe('settled')
  return lotId
}

const orderOf = async (lotId: string) =>
  (await t.db.query<{ id: string }>('select id from orders where lot_id = $1', [lotId])).rows[0]!.id

function expectAlertHeaders(mail: MailRow, group: string) {
  const link = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!
  const url = new URL(link)
  expect(url.origin + url.pathname).toBe(`${APP}/api/mail/unsubscribe`)
  expect(url.searchParams.get('u')).toBe(mail.user_id)
  expect(url.searchParams.get('g')).toBe(group)
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  return link
}

/** Every link in a mail's bodies starts at APP_URL. */
function expectLinksFromAppUrl(mail: MailRow) {
  const links = [...`${mail.text_body} ${mail.html_body}`.matchAll(/https?:\/\/[^\s"<>]+/g)]
  expect(links.length).toBeGreaterThan(0)
  for (const [link] of links) expect(link.startsWith(`${APP}/`)).toBe(true)
}

describe('won and sold', () => {
  it('writes one receipt to the winner and one sale mail to the seller, each in their language', async () => {
    await speaks(buyer, 'es')
    const lotId = await wonLot()
    const orderId = await orderOf(lotId)
    const [won] = await mailsTo(buyer)
    expect(await mailsTo(buyer)).toHaveLength(1)
    expect(won).toMatchObject({ kind: 'won', lang: 'es', status: 'kept' })
    expect(won!.subject).toBe('Has ganado «Brass compass»')
    expect(won!.text_body).toContain('Precio de remate: 30,00\u00a0€')
    expect(won!.text_body).toContain('Total pagado: 30,00\u00a0€')
    expect(won!.text_body).toContain(`${APP}/orders/${orderId}`)
    const { rows: entries } = await t.db.query<{ id: string }>(
      `select id from ledger_entries where user_id = $1 and lot_id = $2 and kind = 'purchase'`,
      [buyer.id, lotId],
    )
    const entryId = Number(entries[0]!.id)
    expect(won!.text_body).toContain(
      `Recibo LL-${String(entryId).padStart(6, '0')}: ${APP}/wallet/receipts/${entryId}`,
    )
    expect(won!.html_body).toContain('Precio de remate')
    expectLinksFromAppUrl(won!)
    expectAlertHeaders(won!, 'result')

    const sold = await mailsTo(seller)
    expect(sold).toHaveLength(1)
    expect(sold[0]).toMatchObject({ kind: 'lot_sold', lang: 'en' })
    expect(sold[0]!.subject).toBe('Sold: “Brass compass”')
    expect(sold[0]!.text_body).toContain('You receive €30.00 when the order completes.')
  })

  it('keeps a line break in a lot title out of the subject and escapes it in the HTML', async () => {
    await wonLot('Compass\r\nBcc: everyone@example.com <b>')
    const [won] = await mailsTo(buyer)
    expect(won!.subject).toBe('You won “Compass Bcc: everyone@example.com <b>”')
    expect(won!.html_body).toContain('&lt;b&gt;')
    expect(won!.html_body).not.toContain('<b>')
  })

  it('writes nothing to a member who turned the group off, and the in-app notice arrives read', async () => {
    await putAlerts(buyer, (p) => {
      p.email!.result = false
      p.in_app!.result = false
    })
    // A device of the buyer's: push still rides on the notification written read.
    await t.db.query(
      `insert into push_subscriptions (user_id, session_hash, endpoint, p256dh, auth, lang, device,
                                       browser)
       select user_id, token_hash, 'https://push.example/' || user_id, 'k', 'a', 'en', 'PC', 'X'
         from sessions where user_id = $1`,
      [buyer.id],
    )
    await wonLot()
    expect(await mailsTo(buyer)).toEqual([])
    const { rows } = await t.db.query<{ read: boolean; pushes: number }>(
      `select n.read_at is not null as read,
              (select count(*)::int from push_outbox p where p.notification_id = n.id) as pushes
         from notifications n where n.user_id = $1 and n.kind = 'won'`,
      [buyer.id],
    )
    expect(rows).toEqual([{ read: true, pushes: 1 }])
    expect(await mailsTo(seller, 'lot_sold')).toHaveLength(1)
  })

  it('writes nothing to a closed or a suspended member', async () => {
    await wonLot('Brass compass', async () => {
      await t.db.query('update users set deleted_at = now() where id = $1', [seller.id])
      await t.db.query('update users set suspended_at = now() where id = $1', [buyer.id])
    })
    expect(await mailsTo(buyer)).toEqual([])
    expect(await mailsTo(seller)).toEqual([])
  })
})

describe('in the app off', () => {
  it('writes an outbid notice already read, and leaves other members’ unread', async () => {
    const rival = await member(t.app, t.db, config, { credit: 50_000 })
    await putAlerts(buyer, (p) => {
      p.in_app!.outbid = false
    })
    const lotId = await openLot(t.db, seller.id)
    expect((await bid(buyer, lotId, { amount: 1_000 })).statusCode).toBe(201)
    expect((await bid(rival, lotId, { amount: 2_000 })).statusCode).toBe(201)
    expect((await bid(buyer, lotId, { amount: 3_000 })).statusCode).toBe(201)
    const { rows } = await t.db.query<{ user_id: string; read: boolean }>(
      `select user_id, read_at is not null as read from notifications
        where lot_id = $1 and kind = 'outbid' order by id`,
      [lotId],
    )
    expect(rows).toEqual([
      { user_id: buyer.id, read: true },
      { user_id: rival.id, read: false },
    ])
    const list = (await buyer.b.request({ method: 'GET', url: '/api/notifications' })).json()
    expect(list.unread).toBe(0)
  })
})

describe('the order’s moves', () => {
  it('tells the buyer the order shipped and the seller a problem was opened', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    const address = await post(buyer, 'me/addresses', {
      name: 'Ana García',
      line1: 'Calle Mayor 1',
      town: 'Madrid',
      postalCode: '28013',
      country: 'ES',
    })
    const addressId = address.json().id as string
    const put = await buyer.b.request({
      method: 'PUT',
      url: `/api/orders/${orderId}/address`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { addressId },
    })
    expect(put.statusCode).toBe(200)
    expect(await mailsTo(seller)).toEqual([])
    const shipped = await post(seller, `orders/${orderId}/shipment`, {
      carrier: 'Correos',
      trackingNumber: 'PK123456789ES',
    })
    expect(shipped.statusCode).toBe(200)
    const [mail] = await mailsTo(buyer)
    expect(await mailsTo(buyer)).toHaveLength(1)
    expect(mail).toMatchObject({ kind: 'order_shipped', subject: '“Brass compass” is on its way' })
    expect(mail!.text_body).toContain('Carrier: Correos, tracking PK123456789ES.')
    expectLinksFromAppUrl(mail!)
    expectAlertHeaders(mail!, 'orders')

    expect((await post(buyer, `orders/${orderId}/problem`)).statusCode).toBe(200)
    const problems = await mailsTo(seller, 'order_problem')
    expect(problems).toHaveLength(1)
    expect(problems[0]!.subject).toBe('A problem was opened on “Brass compass”')
  })
})

describe('the message digest', () => {
  const say = (m: Member, orderId: string, body: string) =>
    post(m, `orders/${orderId}/messages`, { body })

  it('sends at most one an hour, lists the unread threads, and skips what was read', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    expect((await say(buyer, orderId, 'Hello?')).statusCode).toBe(201)
    expect((await say(buyer, orderId, 'Any news?')).statusCode).toBe(201)
    expect(await mailsTo(seller)).toEqual([])

    expect(await sendMessageDigests(t.db, alerts)).toContain(seller.id)
    expect(await sendMessageDigests(t.db, alerts)).not.toContain(seller.id)
    const [digest] = await mailsTo(seller, 'messages_digest')
    expect(await mailsTo(seller, 'messages_digest')).toHaveLength(1)
    expect(digest!.text_body).toContain(`“Brass compass”: 2 unread — ${APP}/orders/${orderId}`)
    expectAlertHeaders(digest!, 'messages')

    // Within the hour a new message waits; after it, it gets its own digest.
    expect((await say(buyer, orderId, 'Hello again')).statusCode).toBe(201)
    expect(await sendMessageDigests(t.db, alerts)).not.toContain(seller.id)
    await t.db.query(
      `update mail_outbox set created_at = created_at - interval '61 minutes' where id = $1`,
      [digest!.id],
    )
    expect(await sendMessageDigests(t.db, alerts)).toContain(seller.id)
    const digests = await mailsTo(seller, 'messages_digest')
    expect(digests).toHaveLength(2)
    expect(digests[1]!.text_body).toContain('“Brass compass”: 3 unread')

    // A thread read before the pass is not news.
    await t.db.query(`update mail_outbox set created_at = created_at - interval '2 hours'`)
    const last = await say(buyer, orderId, 'Still there?')
    expect(last.statusCode).toBe(201)
    const read = await post(seller, `orders/${orderId}/messages/read`, { upTo: last.json().id })
    expect(read.json()).toMatchObject({ unreadMessages: 0 })
    expect(await sendMessageDigests(t.db, alerts)).not.toContain(seller.id)
  })
})

describe('one-click unsubscribe', () => {
  const oneClick = (url: string) =>
    t.app.inject({
      method: 'POST',
      url: url.slice(APP.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
  const emailChoices = async (m: Member) =>
    (await m.b.request({ method: 'GET', url: '/api/me/alerts' })).json().email

  it('turns the group off without a session, idempotently; a visit only asks', async () => {
    const link = unsubscribeUrl(`${APP}/`, config.sessionSecret, buyer.id, 'orders')
    const visit = await t.app.inject({ method: 'GET', url: link.slice(APP.length) })
    expect(visit.statusCode).toBe(200)
    const action = /<form method="post" action="([^"]+)"/
      .exec(visit.body)![1]!
      .replace(/&amp;/g, '&')
    expect(new URL(action, link).toString()).toBe(link)
    expect((await emailChoices(buyer)).orders).toBe(true)

    for (let i = 0; i < 2; i++) expect((await oneClick(link)).statusCode).toBe(200)
    expect(await emailChoices(buyer)).toMatchObject({ orders: false, result: true, topUp: true })

    // RFC 8058 prefers multipart/form-data: the same.
    const other = unsubscribeUrl(`${APP}/`, config.sessionSecret, buyer.id, 'messages')
    const boundary = 'lotline-test-boundary'
    const multipart = await t.app.inject({
      method: 'POST',
      url: other.slice(APP.length),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    })
    expect(multipart.statusCode).toBe(200)
    expect(await emailChoices(buyer)).toMatchObject({ orders: false, messages: false })
  })

  it('refuses a forged or altered link and changes nothing', async () => {
    const link = new URL(unsubscribeUrl(`${APP}/`, config.sessionSecret, buyer.id, 'result'))
    const forSomeoneElse = new URL(link)
    forSomeoneElse.searchParams.set('u', seller.id)
    const otherGroup = new URL(link)
    otherGroup.searchParams.set('g', 'topUp')
    const forged = new URL(link)
    forged.searchParams.set('s', 'A'.repeat(43))
    for (const bad of [forSomeoneElse, otherGroup, forged]) {
      const res = await oneClick(bad.toString())
      expect(res.statusCode).toBe(400)
    }
    expect((await emailChoices(buyer)).result).toBe(true)
    expect((await emailChoices(seller)).result).toBe(true)
  })

  it('stops the mails it names', async () => {
    const link = unsubscribeUrl(`${APP}/`, config.sessionSecret, buyer.id, 'result')
    expect((await oneClick(link)).statusCode).toBe(200)
    await wonLot()
    expect(await mailsTo(buyer)).toEqual([])
  })
})

describe('Account → Alerts', () => {
  it('starts from the defaults and refuses a partial or unknown choice', async () => {
    const res = await buyer.b.request({ method: 'GET', url: '/api/me/alerts' })
    // The values themselves are common/alerts.test.ts's to pin down.
    expect(res.json()).toEqual(defaultAlertPreferences())
    const bad = await buyer.b.request({
      method: 'PUT',
      url: '/api/me/alerts',
      payload: { ...(res.json() as object), email: { outbid: true } },
    })
    expect(bad.statusCode).toBe(422)
    const unknown = await buyer.b.request({
      method: 'PUT',
      url: '/api/me/alerts',
      payload: { ...(res.json() as object), sms: res.json().email },
    })
    expect(unknown.statusCode).toBe(422)
    expect((await buyer.b.request({ method: 'GET', url: '/api/me/alerts' })).json()).toEqual(
      res.json(),
    )
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me/alerts' })
    expect(anonymous.statusCode).toBe(401)
  })
})
