/**
 * The replica of other nodes' channels and the presence changes it reports, plus the bus message
 * format: no Redis needed, so these run in every `npm test`.
 */
import { describe, expect, it } from 'vitest'
import { decodeBusMessage, encodeBusMessage } from './cluster-messages.ts'
import { RemoteView } from './cluster-view.ts'

const presence = (members: Record<string, unknown>) => ({
  subs: Object.keys(members).length,
  members: new Map(Object.entries(members)),
})

describe('RemoteView', () => {
  it('sums subscriptions and unions members across nodes (first info wins)', () => {
    const v = new RemoteView()
    v.setChannel('n1', 'presence-a', presence({ ann: { v: 1 } }))
    v.setChannel('n2', 'presence-a', presence({ ann: { v: 2 }, bob: null }))
    v.setChannel('n2', 'public', { subs: 3, members: undefined })
    expect(v.subscriptionCount('presence-a')).toBe(3)
    expect(v.subscriptionCount('public')).toBe(3)
    expect([...v.members('presence-a')]).toEqual([
      ['ann', { v: 1 }],
      ['bob', null],
    ])
    expect(v.hasMember('presence-a', 'ann', 'n1')).toBe(true)
    expect(v.hasMember('presence-a', 'bob', 'n2')).toBe(false)
    expect([...v.channelNames()].sort()).toEqual(['presence-a', 'public'])
  })

  it('reports who joined and left on a node, and forgets vacated channels', () => {
    const v = new RemoteView()
    expect(v.setChannel('n1', 'presence-a', presence({ ann: 1 }))).toEqual({
      channel: 'presence-a',
      joined: [['ann', 1]],
      left: [],
    })
    expect(v.setChannel('n1', 'presence-a', presence({ bob: 2 }))).toEqual({
      channel: 'presence-a',
      joined: [['bob', 2]],
      left: ['ann'],
    })
    expect(v.setChannel('n1', 'presence-a', { subs: 0, members: new Map() }).left).toEqual(['bob'])
    expect(v.channelNames().size).toBe(0)
  })

  it('replacing or dropping a whole node reports every channel it changes', () => {
    const v = new RemoteView()
    v.setChannel('n1', 'presence-a', presence({ ann: 1 }))
    v.setChannel('n1', 'presence-b', presence({ bob: 1 }))
    const full = new Map([['presence-b', presence({ bob: 1, cy: 1 })]])
    expect(v.setNode('n1', full)).toEqual([
      { channel: 'presence-a', joined: [], left: ['ann'] },
      { channel: 'presence-b', joined: [['cy', 1]], left: [] },
    ])
    expect(v.setNode('n1', undefined)).toEqual([
      { channel: 'presence-b', joined: [], left: ['bob', 'cy'] },
    ])
    expect(v.hasNode('n1')).toBe(false)
  })
})

describe('bus messages', () => {
  it('carry the frame verbatim after a one-line header', () => {
    const frame = '{"event":"e","channel":"c","data":"{\\"a\\":\\"x\\\\ny\\"}"}\n'
    const msg = encodeBusMessage({ t: 'ev', n: 'node\n1', a: 'app', c: 'c' }, frame)
    expect(decodeBusMessage(msg)).toEqual({
      header: { t: 'ev', n: 'node\n1', a: 'app', c: 'c' },
      frame,
    })
  })

  it('ignore anything else on the channel', () => {
    expect(decodeBusMessage('hello')).toBeUndefined()
    expect(decodeBusMessage('{"t":1}\n')).toBeUndefined()
    expect(decodeBusMessage('not json\n')).toBeUndefined()
  })
})
