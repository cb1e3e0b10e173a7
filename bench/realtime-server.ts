/**
 * Child process for bench/realtime.ts: runs the embedded real-time service alone so its CPU and
 * RSS are measured apart from the load generator. Talks to the parent over IPC:
 *   -> { type: 'ready', port }            after listening
 *   <- { type: 'usage' }  -> { type: 'usage', cpuMicros, rss, connections, loopP99Ms, loopMaxMs }
 *   <- { type: 'reset-loop' }             restart the event-loop delay histogram
 *   <- { type: 'stop' }   -> closes and exits
 * With BENCH_REDIS_URL (and BENCH_REDIS_PREFIX) it is one node of a cluster (docs/realtime.md).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { startRealtimeServer } from '../server/realtime/index.ts'
import { BENCH_APP } from './lib/realtime-process.ts'

const server = await startRealtimeServer({
  port: 0,
  host: '127.0.0.1',
  apps: [BENCH_APP],
  shutdownGraceMs: 0,
  // Every benchmark socket comes from 127.0.0.1: the per-address cap would stop the load at 50.
  maxConnectionsPerAddress: Number.POSITIVE_INFINITY,
  cluster: process.env.BENCH_REDIS_URL
    ? { redisUrl: process.env.BENCH_REDIS_URL, prefix: process.env.BENCH_REDIS_PREFIX }
    : undefined,
})

// Event-loop delay tells whether the server itself was the bottleneck (a blocked loop delays
// every socket) or whether latency came from elsewhere (the load generator, the kernel).
const loop = monitorEventLoopDelay({ resolution: 5 })
loop.enable()

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'reset-loop') {
    loop.reset()
  } else if (msg.type === 'usage') {
    const cpu = process.cpuUsage()
    const cluster = server.stats().cluster
    process.send?.({
      clusterNodes: cluster?.connected ? cluster.nodes : 0,
      busSent: cluster?.sent ?? 0,
      busReceived: cluster?.received ?? 0,
      type: 'usage',
      cpuMicros: cpu.user + cpu.system,
      rss: process.memoryUsage().rss,
      connections: server.stats().connections,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
    })
  } else if (msg.type === 'stop') {
    void server.close().then(() => process.exit(0))
  }
})
process.on('disconnect', () => process.exit(0))
process.send?.({ type: 'ready', port: server.port })
