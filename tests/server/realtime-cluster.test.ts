/**
 * The real-time service as a cluster: each node its own process (server/realtime/main.ts with
 * REDIS_URL), a round-robin TCP proxy as the load balancer, pusher-js clients through it and the
 * official `pusher` SDK publishing to one node or the other.
 *
 * Needs Redis (LOTLINE_TEST_REDIS_URL, default 127.0.0.1:6379) and redis-server on PATH for the outage test,
 * so it runs in the PostgreSQL pass (`npm run test:pg`), where CI has both.
 */
import type { ChildProcess } from 'node:child_process'
import type Pusher from 'pusher-js'
import type { PresenceChannel } from 'pusher-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  APP,
  RawClient,
  eventually,
  isEvent,
  pusherJsClient,
  rawSubscribe,
  sdkFor,
  sleep,
  testClusterPrefix,
  waitForState,
} from '../realtime/kit.ts'
import { freePort } from '../free-port.ts'
import {
  startNode,
  startRedis,
  stopNode,
  stopRedis,
  waitForCluster,
  type NodeProcess,
} from './realtime-cluster/nodes.ts'
import { TcpProxy } from './realtime-cluster/tcp-proxy.ts'

const enabled = process.env.LOTLINE_TEST_DATABASE === 'pg'
const REDIS_URL = process.env.LOTLINE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

type ClientOptions = Omit<Parameters<typeof pusherJsClient>[1], 'sdk'>

/** Two nodes behind the proxy; `on(i)` connects a pusher-js client through the proxy to node i. */
class Cluster {
  readonly clients: Pusher[] = []
  private constructor(
    readonly nodes: NodeProcess[],
    readonly proxy: TcpProxy,
  ) {}

  static async start(redisUrl: string): Promise<Cluster> {
    const env = { redisUrl, prefix: testClusterPrefix() }
    const nodes = await Promise.all([startNode(env), startNode(env)])
    await waitForCluster(
      nodes.map((n) => n.port),
      2,
    )
    return new Cluster(nodes, await TcpProxy.start(nodes.map((n) => n.port)))
  }

  sdk(i: number) {
    return sdkFor((this.nodes[i] as NodeProcess).port)
  }

  /** Connected before it returns: the pin only holds for connections opened meanwhile. */
  async on(i: number, opts: ClientOptions = {}): Promise<Pusher> {
    this.proxy.pin(i)
    const c = pusherJsClient(this.proxy.port, { sdk: this.sdk(i), ...opts })
    this.clients.push(c)
    await waitForState(c, 'connected')
    return c
  }

  disconnectClients(): void {
    for (const c of this.clients.splice(0)) c.disconnect()
  }

  async stop(): Promise<void> {
    this.disconnectClients()
    await this.proxy.close()
    await Promise.all(this.nodes.map(stopNode))
  }
}

function subscribed(c: Pusher, name: string) {
  const ch = c.subscribe(name)
  return new Promise<typeof ch>((resolve, reject) => {
    ch.bind('pusher:subscription_succeeded', () => resolve(ch))
    ch.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))))
  })
}

/** Every `event` payload a channel (or `pusher.user`) receives, in order. */
function collect(
  bindable: { bind(event: string, cb: (data: unknown) => void): unknown },
  event: string,
) {
  const got: unknown[] = []
  bindable.bind(event, (data) => got.push(data))
  return got
}

async function users(sdk: ReturnType<typeof sdkFor>, channel: string): Promise<string[]> {
  const res = await sdk.get({ path: `/channels/${channel}/users` })
  const body = (await res.json()) as { users: Array<{ id: string }> }
  return body.users.map((u) => u.id).sort()
}

async function channelInfo(sdk: ReturnType<typeof sdkFor>, channel: string) {
  const res = await sdk.get({
    path: `/channels/${channel}`,
    params: { info: 'user_count,subscription_count' },
  })
  return res.json()
}

/** For comparing what arrived from publishers that have no order between them. */
const sortByJson = (items: unknown[]) =>
  [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

describe.runIf(enabled)('real-time across nodes (processes, Redis, a TCP balancer)', () => {
  let cluster: Cluster
  beforeAll(async () => {
    cluster = await Cluster.start(REDIS_URL)
  })
  afterEach(() => cluster.disconnectClients())
  afterAll(() => cluster?.stop())

  it('an event published to node B reaches a pusher-js client on node A', async () => {
    const c = await cluster.on(0)
    const ch = await subscribed(c, 'lot-1')
    const got = collect(ch, 'bid')
    await cluster.sdk(1).trigger('lot-1', 'bid', { amount: 5 })
    await cluster.sdk(0).trigger('lot-1', 'bid', { amount: 6 })
    await eventually(() => got.length === 2, 3000, 'both events')
    // Both arrive; the one published on this node may overtake the one relayed through Redis.
    expect(sortByJson(got)).toEqual([{ amount: 5 }, { amount: 6 }])
  })

  it('presence spans nodes: member events, the users endpoint and counts on either node', async () => {
    const ann = await cluster.on(0, { presence: { user_id: 'ann', user_info: { name: 'Ann' } } })
    const annCh = (await subscribed(ann, 'presence-room')) as PresenceChannel
    const added = collect(annCh, 'pusher:member_added')
    const removed = collect(annCh, 'pusher:member_removed')
    await eventually(async () => (await users(cluster.sdk(1), 'presence-room')).length === 1)

    const bob = await cluster.on(1, { presence: { user_id: 'bob', user_info: { name: 'Bob' } } })
    const bobCh = (await subscribed(bob, 'presence-room')) as PresenceChannel
    expect(bobCh.members.count).toBe(2)
    expect(bobCh.members.get('ann')).toEqual({ id: 'ann', info: { name: 'Ann' } })
    await eventually(() => added.length === 1, 3000, 'member_added on A')
    expect(added).toEqual([{ id: 'bob', info: { name: 'Bob' } }])

    for (const i of [0, 1]) {
      await eventually(async () => (await users(cluster.sdk(i), 'presence-room')).length === 2)
      expect(await users(cluster.sdk(i), 'presence-room')).toEqual(['ann', 'bob'])
      expect(await channelInfo(cluster.sdk(i), 'presence-room')).toEqual({
        occupied: true,
        user_count: 2,
        subscription_count: 2,
      })
    }

    bob.disconnect()
    await eventually(() => removed.length === 1, 3000, 'member_removed on A')
    expect(removed).toEqual([{ id: 'bob', info: { name: 'Bob' } }])
    await eventually(async () => (await users(cluster.sdk(1), 'presence-room')).length === 1)
  })

  it('send-to-user and terminate_connections reach the user on the other node', async () => {
    const carol = await cluster.on(0, { user: { id: 'carol', user_info: {} } })
    carol.signin()
    const notes = collect(carol.user, 'note')
    await waitForState(carol, 'connected')
    // Signing in is one round trip after connecting; retry until the user index has it.
    await eventually(
      async () => {
        await cluster.sdk(1).sendToUser('carol', 'note', { n: notes.length })
        await sleep(100)
        return notes.length > 0
      },
      5000,
      'note to carol',
    )
    await cluster.sdk(1).terminateUserConnections('carol')
    await waitForState(carol, 'disconnected')
  })

  it('kill -9 of node A: its members leave as seen on B, its clients reconnect to B and keep receiving', async () => {
    const dora = await cluster.on(0, { presence: { user_id: 'dora' } })
    const doraCh = await subscribed(dora, 'presence-lot-2')
    const doraGot = collect(doraCh, 'bid')
    const eve = await cluster.on(1, { presence: { user_id: 'eve' } })
    const eveCh = await subscribed(eve, 'presence-lot-2')
    const eveSawRemoved = collect(eveCh, 'pusher:member_removed')
    await eventually(async () => (await users(cluster.sdk(1), 'presence-lot-2')).length === 2)

    // Keep dora's client from coming back too soon, so B sees A's members time out first.
    cluster.proxy.pin(1)
    const killedAt = Date.now()
    await stopNode(cluster.nodes[0] as NodeProcess)
    dora.disconnect()
    await eventually(() => eveSawRemoved.length === 1, 30_000, 'member_removed for dora')
    expect(Date.now() - killedAt).toBeLessThan(30_000)
    expect(eveSawRemoved).toEqual([expect.objectContaining({ id: 'dora' })])
    expect(await users(cluster.sdk(1), 'presence-lot-2')).toEqual(['eve'])

    // pusher-js reconnects through the balancer, which skips the dead node.
    dora.connect()
    await waitForState(dora, 'connected', 10_000)
    await eventually(async () => (await users(cluster.sdk(1), 'presence-lot-2')).length === 2)
    await cluster.sdk(1).trigger('presence-lot-2', 'bid', { amount: 9 })
    await eventually(() => doraGot.length === 1, 3000, 'bid after reconnecting')
  })
})

describe.runIf(enabled)('real-time across nodes: a Redis restart mid-session', () => {
  let redis: ChildProcess
  let redisPort: number
  let cluster: Cluster
  beforeAll(async () => {
    redisPort = await freePort()
    redis = await startRedis(redisPort)
    cluster = await Cluster.start(`redis://127.0.0.1:${redisPort}`)
  })
  afterAll(async () => {
    await cluster?.stop()
    if (redis) await stopRedis(redis)
  })

  it('local delivery goes on, nobody is dropped, and cross-node delivery and presence come back', async () => {
    const frank = await cluster.on(0, { presence: { user_id: 'frank' } })
    const gina = await cluster.on(1, { presence: { user_id: 'gina' } })
    const frankCh = await subscribed(frank, 'presence-lot-3')
    const ginaCh = await subscribed(gina, 'presence-lot-3')
    const frankGot = collect(frankCh, 'bid')
    const ginaGot = collect(ginaCh, 'bid')
    const removed = [
      ...collect(frankCh, 'pusher:member_removed'),
      ...collect(ginaCh, 'pusher:member_removed'),
    ]
    const errors: unknown[] = []
    for (const c of [frank, gina]) c.connection.bind('error', (e: unknown) => errors.push(e))
    await eventually(async () => (await users(cluster.sdk(0), 'presence-lot-3')).length === 2)

    await stopRedis(redis)
    // Each node still serves its own sockets.
    await cluster.sdk(0).trigger('presence-lot-3', 'bid', { during: 'A' })
    await cluster.sdk(1).trigger('presence-lot-3', 'bid', { during: 'B' })
    await eventually(() => frankGot.length === 1 && ginaGot.length === 1, 3000, 'local delivery')
    // Longer than the node timeout: a node cut off from Redis must not declare the others dead.
    await sleep(2500)

    redis = await startRedis(redisPort)
    await waitForCluster(
      cluster.nodes.map((n) => n.port),
      2,
    )
    await cluster.sdk(1).trigger('presence-lot-3', 'bid', { after: 'B' })
    await cluster.sdk(0).trigger('presence-lot-3', 'bid', { after: 'A' })
    // Both reach both subscribers again; during the outage each node reached only its own.
    await eventually(() => frankGot.length === 3 && ginaGot.length === 3, 3000, 'after Redis')
    // Two publishers on two nodes have no order between them (the local one can overtake the one
    // coming through Redis); each subscriber gets both, after what it got during the outage.
    const afterRedis = [{ after: 'A' }, { after: 'B' }]
    expect(frankGot[0]).toEqual({ during: 'A' })
    expect(sortByJson(frankGot.slice(1))).toEqual(afterRedis)
    expect(ginaGot[0]).toEqual({ during: 'B' })
    expect(sortByJson(ginaGot.slice(1))).toEqual(afterRedis)
    // The new Redis knew nothing: presence was re-announced by both nodes.
    for (const i of [0, 1]) {
      expect(await users(cluster.sdk(i), 'presence-lot-3')).toEqual(['frank', 'gina'])
    }
    expect(removed).toEqual([])
    expect(errors).toEqual([])
    expect([frank.connection.state, gina.connection.state]).toEqual(['connected', 'connected'])
  })
})

describe.runIf(enabled)(
  'REALTIME_WORKERS=2: two processes on one port, joined through Redis',
  () => {
    it('a publish reaching either worker reaches sockets on both; SIGTERM stops them all', async () => {
      const node = await startNode(
        { redisUrl: REDIS_URL, prefix: testClusterPrefix() },
        {
          REALTIME_WORKERS: '2',
        },
      )
      try {
        await eventually(
          () => node.output().split('joined the cluster').length - 1 >= 2,
          15_000,
          'both workers joined',
        )
        const sdk = sdkFor(node.port)
        // The primary hands connections out round robin, so these land on both workers.
        const clients = await Promise.all([0, 1, 2, 3].map(() => RawClient.connect(node.port)))
        for (const c of clients) await rawSubscribe(c, sdk, 'shared')
        for (let i = 0; i < 4; i++) await sdkFor(node.port).trigger('shared', 'tick', { i })
        for (const c of clients) {
          for (let i = 0; i < 4; i++) {
            expect((await c.next(isEvent('tick', 'shared'))).data).toEqual({ i })
          }
        }
        const exited = new Promise((resolve) => node.child.once('exit', resolve))
        node.child.kill('SIGTERM')
        expect((await clients[0]?.closed)?.code).toBe(4200)
        expect(await exited).toBe(0)
      } finally {
        await stopNode(node)
      }
    })

    it('the per-address socket cap holds across the workers (issue 27)', async () => {
      const node = await startNode(
        { redisUrl: REDIS_URL, prefix: testClusterPrefix() },
        { REALTIME_WORKERS: '2', REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '3' },
      )
      const clients: RawClient[] = []
      try {
        await eventually(
          () => node.output().split('joined the cluster').length - 1 >= 2,
          15_000,
          'both workers joined',
        )
        // Round robin puts these on both workers; the primary counts for the two of them.
        for (let i = 0; i < 3; i++) clients.push(await RawClient.connect(node.port))
        const over = new RawClient(
          `ws://127.0.0.1:${node.port}/app/${APP.key}?protocol=7&client=js&version=8.6.0`,
        )
        const error = await over.next(isEvent('pusher:error'))
        expect(error.data).toEqual({
          code: 4100,
          message: 'Too many connections from your address, retry later',
        })
        expect((await over.closed).code).toBe(4100)
        // A socket that closes, on whichever worker, gives its place back.
        clients[0]!.close()
        await clients[0]!.closed
        // (The primary hears of the close over IPC a moment later.)
        let admitted = false
        for (let attempt = 0; attempt < 20 && !admitted; attempt++) {
          const again = new RawClient(
            `ws://127.0.0.1:${node.port}/app/${APP.key}?protocol=7&client=js&version=8.6.0`,
          )
          clients.push(again)
          const first = await again.next(
            (f) => f.event === 'pusher:connection_established' || f.event === 'pusher:error',
          )
          admitted = first.event === 'pusher:connection_established'
          if (!admitted) await sleep(100)
        }
        expect(admitted).toBe(true)
      } finally {
        for (const c of clients) c.ws.terminate()
        await stopNode(node)
      }
    })
  },
)
