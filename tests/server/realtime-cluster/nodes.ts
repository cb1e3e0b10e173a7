/**
 * Real-time nodes as separate processes (`server/realtime/main.ts`, as deployed), a private
 * redis-server for the outage test, and the signed stats query that says whether a node has
 * joined the cluster.
 */
import { spawn, type ChildProcess } from 'node:child_process'

import { fileURLToPath } from 'node:url'
import { hmacHex } from '../../../server/realtime/signatures.ts'
import { APP, eventually, sleep } from '../../realtime/kit.ts'

const MAIN = fileURLToPath(new URL('../../../server/realtime/main.ts', import.meta.url))

export interface NodeProcess {
  child: ChildProcess
  port: number
  output(): string
}

export interface ClusterEnv {
  redisUrl: string
  prefix: string
}

/** Start one node on a free port; resolves once it listens. */
export async function startNode(
  cluster: ClusterEnv,
  extraEnv: Record<string, string> = {},
): Promise<NodeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PUSHER_APP_ID: APP.id,
      PUSHER_APP_KEY: APP.key,
      PUSHER_APP_SECRET: APP.secret,
      PUSHER_PORT: '0',
      PUSHER_HOST: '127.0.0.1',
      REDIS_URL: cluster.redisUrl,
      REALTIME_REDIS_PREFIX: cluster.prefix,
      // Short, so a dead node is noticed in ~2 s here; production defaults are 5 s / 15 s.
      REALTIME_CLUSTER_HEARTBEAT_MS: '300',
      REALTIME_CLUSTER_NODE_TIMEOUT_MS: '2000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const port = await eventually(
    () => listeningPort(output) ?? 0,
    20_000,
    `node listening: ${output}`,
  )
  return { child, port, output: () => output }
}

function listeningPort(output: string): number | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes('realtime: listening')) continue
    return (JSON.parse(line) as { port: number }).port
  }
  return undefined
}

export async function stopNode(node: NodeProcess): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return
  const exited = new Promise((resolve) => node.child.once('exit', resolve))
  node.child.kill('SIGKILL')
  await exited
}

export interface NodeStats {
  connections: number
  cluster?: { connected: boolean; nodes: number }
}

/** GET / signed with the app secret: this node's own counts and its view of the cluster. */
export async function nodeStats(port: number): Promise<NodeStats> {
  const query = `auth_key=${APP.key}&auth_timestamp=${Math.floor(Date.now() / 1000)}&auth_version=1.0`
  const sig = hmacHex(APP.secret, `GET\n/\n${query}`)
  const res = await fetch(`http://127.0.0.1:${port}/?${query}&auth_signature=${sig}`)
  return (await res.json()) as NodeStats
}

/** Every node joined and sees `count` nodes. */
export async function waitForCluster(ports: number[], count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const all = await Promise.all(ports.map((p) => nodeStats(p).catch(() => undefined)))
    if (all.every((s) => s?.cluster?.connected && s.cluster.nodes === count)) return
    if (Date.now() > deadline) throw new Error(`cluster not joined: ${JSON.stringify(all)}`)
    await sleep(100)
  }
}

/** A throwaway redis-server (no persistence), so restarting it never touches the shared one. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  await eventually(() => output.includes('Ready to accept connections'), 10_000, 'redis-server')
  return child
}

export async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}
