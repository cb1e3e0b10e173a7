import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import type { ShowChatMessage, ShowDetail } from '../../../common/shows'
import { EVENTS } from '../../../common/wire'
import { applyEvent, applyResubscribe, type AnyRule } from '../../realtime/bridge'
import { json, mockApi, problem } from '../../testing/http'
import { detail } from '../../testing/lot-fixtures'
import {
  config,
  LOT_A,
  LOT_B,
  LOT_C,
  member,
  SELLER_ID,
  SHOW_ID,
  showDetail,
  showLot,
} from '../../testing/show-fixtures'
import { renderWithApp } from '../../testing/render'
import { serverNow } from '../lots'
import { showKeys } from './api'
import { showRules } from './rules'
import ShowRoomScreen from './ShowRoomScreen'

const soon = () => new Date(Date.now() + 30_000).toISOString()
const rule = (event: string) => showRules.find((r) => r.event === event) as AnyRule

function open({
  show = showDetail(),
  signedIn = true,
  routes = {},
}: {
  show?: ShowDetail
  signedIn?: boolean
  routes?: Parameters<typeof mockApi>[0]
} = {}) {
  const api = mockApi({
    'GET /api/session': () => json({ user: signedIn ? member() : null }),
    'GET /api/config': () => json(config),
    [`GET /api/shows/${SHOW_ID}`]: () => json(show),
    [`GET /api/shows/${SHOW_ID}/chat`]: () => json({ items: [], nextCursor: null }),
    [`GET /api/lots/${LOT_A}`]: () => json(detail({ id: LOT_A, endsAt: soon() })),
    [`GET /api/lots/${LOT_B}`]: () =>
      json(
        detail({
          id: LOT_B,
          title: 'Silver pocket watch',
          currentPrice: null,
          startingPrice: 2000,
          bidCount: 0,
          leader: null,
          endsAt: soon(),
        }),
      ),
    ...routes,
  })
  const view = renderWithApp(<Route path="/shows/:id" component={ShowRoomScreen} />, {
    path: `/shows/${SHOW_ID}`,
  })
  return { ...api, ...view }
}

const showGets = (requests: Request[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.endsWith(`/api/shows/${SHOW_ID}`))

describe('show room', () => {
  it('shows the lot on the block with its live price, the queue and the state', async () => {
    open()
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday antiques' })).toBeTruthy()
    // The lot's panel is a chunk of its own: its first load may take a moment in a test run.
    const heading = await screen.findByRole(
      'heading',
      { name: 'Brass telescope' },
      { timeout: 5000 },
    )
    expect(heading).toBeTruthy()
    expect((await screen.findByTestId('show-lot-price')).textContent).toBe('€12.00')
    expect(screen.getByTestId('show-state').textContent).toBe('Live')
    const queue = screen.getByTestId('show-queue')
    expect(
      within(queue)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Silver pocket watch'),
      expect.stringContaining('Oak writing box'),
    ])
  })

  it('offers its host the console and Edit show, the latter only until the show ends', async () => {
    const host = { host: true, following: false, muted: false }
    const { client } = open({ show: showDetail({ my: host }) })
    const edit = await screen.findByRole('link', { name: 'Edit show' })
    expect(edit.getAttribute('href')).toBe(`/shows/${SHOW_ID}/edit`)
    expect(screen.getByRole('link', { name: 'Host console' })).toBeTruthy()
    act(() =>
      client.setQueryData(showKeys.detail(SHOW_ID), showDetail({ my: host, state: 'ended' })),
    )
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Edit show' })).toBeNull())
    expect(screen.getByRole('link', { name: 'Host console' })).toBeTruthy()
  })

  it('shows no host links to a viewer', async () => {
    open()
    await screen.findByRole('heading', { level: 1, name: 'Sunday antiques' })
    expect(screen.queryByRole('link', { name: 'Edit show' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Host console' })).toBeNull()
  })

  it('follows show.updated to the next lot without a reload, keeping my own view', async () => {
    const { client, requests } = open()
    await screen.findByRole('heading', { name: 'Brass telescope' })
    const before = client.getQueryData<ShowDetail>(showKeys.detail(SHOW_ID))!.my
    const moved = showDetail({
      version: 6,
      my: null,
      lots: [
        showLot(LOT_A, 1, 'done', { status: 'settled', currentPrice: 1500 }),
        showLot(LOT_B, 2, 'running'),
        showLot(LOT_C, 3, 'queued'),
      ],
    })
    act(() => void applyEvent(client, rule(EVENTS.showUpdated), { id: SHOW_ID }, moved))
    expect(await screen.findByRole('heading', { name: 'Silver pocket watch' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Brass telescope' })).toBeNull()
    expect(screen.getByTestId('show-results').textContent).toContain(
      'Brass telescope — Sold for €15.00',
    )
    expect(client.getQueryData<ShowDetail>(showKeys.detail(SHOW_ID))!.my).toEqual(before)
    // Followed from the event itself: no refetch of the show.
    expect(showGets(requests)).toHaveLength(1)
  })

  it('refetches the show when events were missed instead of trusting what it shows', async () => {
    const { client, requests } = open()
    await screen.findByRole('heading', { name: 'Brass telescope' })
    const skipped = showDetail({ version: 9, my: null })
    act(() => void applyEvent(client, rule(EVENTS.showUpdated), { id: SHOW_ID }, skipped))
    await waitFor(() => expect(showGets(requests)).toHaveLength(2))
  })

  it('refetches the show and its chat after the connection dropped and came back', async () => {
    const { client, requests } = open()
    await screen.findByRole('heading', { name: 'Brass telescope' })
    await screen.findByText('No messages yet. Say hello!')
    const chats = () => requests.filter((r) => r.url.endsWith(`/api/shows/${SHOW_ID}/chat`))
    expect(chats()).toHaveLength(1)
    act(() => void applyResubscribe(client, showRules, `show.${SHOW_ID}`))
    await waitFor(() => expect(showGets(requests)).toHaveLength(2))
    await waitFor(() => expect(chats()).toHaveLength(2))
  })

  it('between lots says what comes next and when auto-advance opens it', async () => {
    open({
      show: showDetail({
        nextLotAt: new Date(serverNow() + 8_000).toISOString(),
        lots: [showLot(LOT_A, 1, 'skipped'), showLot(LOT_B, 2, 'queued')],
      }),
    })
    const between = await screen.findByTestId('show-between')
    expect(between.textContent).toContain('Silver pocket watch')
    expect(between.textContent).toMatch(/Opens in 0:0[78]/)
    expect(screen.getByTestId('show-results').textContent).toContain('Skipped')
  })

  it('a scheduled show says when it starts and offers to follow the seller', async () => {
    let following = false
    const scheduled = () =>
      showDetail({
        state: 'scheduled',
        startsAt: '2030-05-01T18:00:00.000Z',
        lots: [showLot(LOT_A, 1, 'queued')],
        my: { host: false, following, muted: false },
      })
    const { requests } = open({
      routes: {
        [`GET /api/shows/${SHOW_ID}`]: () => json(scheduled()),
        [`PUT /api/sellers/${SELLER_ID}/follow`]: () => {
          following = true
          return new Response(null, { status: 204 })
        },
      },
    })
    expect((await screen.findByTestId('show-scheduled')).textContent).toContain('Starts ')
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }))
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy()
    // The show is fetched again to confirm it, and still says Following.
    await waitFor(() => expect(showGets(requests)).toHaveLength(2))
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy()
  })

  it('shows 404 as a missing show', async () => {
    open({ routes: { [`GET /api/shows/${SHOW_ID}`]: () => problem(404, 'not_found', 'No') } })
    expect(await screen.findByText('This show does not exist')).toBeTruthy()
  })
})

describe('show chat', () => {
  const message = (id: string, body: string): ShowChatMessage => ({
    id,
    showId: SHOW_ID,
    author: 'Bidder A1',
    host: false,
    body,
    at: new Date().toISOString(),
  })

  it('a guest reads the chat and is asked to sign in to write', async () => {
    open({ signedIn: false })
    expect(await screen.findByRole('link', { name: 'Sign in to chat' })).toBeTruthy()
    expect(screen.queryByLabelText('Message')).toBeNull()
  })

  it('posts a message, counts characters, and shows live messages once', async () => {
    const bodies: unknown[] = []
    const { client } = open({
      routes: {
        [`POST /api/shows/${SHOW_ID}/chat`]: async (request) => {
          bodies.push(await request.json())
          return json(message('m1', 'Hello all'), 201)
        },
      },
    })
    const input = await screen.findByLabelText('Message')
    fireEvent.change(input, { target: { value: 'Hello all' } })
    expect(screen.getByText('9/300')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    const log = await screen.findByTestId('chat-log')
    await waitFor(() => expect(log.textContent).toContain('Hello all'))
    expect(bodies).toEqual([{ body: 'Hello all' }])
    expect((input as HTMLInputElement).value).toBe('')
    // The same message echoed on the channel is not added twice; another one is.
    act(() => {
      applyEvent(client, rule(EVENTS.chatMessage), { id: SHOW_ID }, message('m1', 'Hello all'))
      applyEvent(client, rule(EVENTS.chatMessage), { id: SHOW_ID }, message('m2', 'Nice lot'))
    })
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2))
    act(() => {
      applyEvent(
        client,
        rule(EVENTS.chatRemoved),
        { id: SHOW_ID },
        {
          showId: SHOW_ID,
          messageId: 'm2',
        },
      )
    })
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(1))
  })

  it('loads earlier messages above the shown ones', async () => {
    open({
      routes: {
        [`GET /api/shows/${SHOW_ID}/chat`]: (request) =>
          new URL(request.url).searchParams.get('before') === 'c1'
            ? json({
                items: [{ ...message('m0', 'First!'), at: '2026-01-01T09:00:00.000Z' }],
                nextCursor: null,
              })
            : json({ items: [message('m1', 'Hello all')], nextCursor: 'c1' }),
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Earlier messages' }))
    const log = screen.getByTestId('chat-log')
    await waitFor(() =>
      expect(
        within(log)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('First!'), expect.stringContaining('Hello all')]),
    )
    expect(screen.queryByRole('button', { name: 'Earlier messages' })).toBeNull()
  })

  it('says inline when the host muted me or I send too fast, and keeps my text', async () => {
    let answer = () => problem(403, 'chat_muted', 'Muted')
    open({ routes: { [`POST /api/shows/${SHOW_ID}/chat`]: () => answer() } })
    const input = await screen.findByLabelText('Message')
    fireEvent.change(input, { target: { value: 'Hi' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('The host muted you in this chat.')).toBeTruthy()
    expect((input as HTMLInputElement).value).toBe('Hi')
    answer = () => problem(429, 'rate_limited', 'Slow down')
    fireEvent.change(input, { target: { value: 'Hi again' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByText('You are sending messages too fast. Wait a few seconds.'),
    ).toBeTruthy()
    expect(screen.queryByText('The host muted you in this chat.')).toBeNull()
  })
})
