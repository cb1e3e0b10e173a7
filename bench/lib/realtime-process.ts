/**
 * The real-time service of bench/realtime.ts in its own process (bench/realtime-server.ts), so its
 * CPU and RSS are measured apart from the load generator; asked over IPC for its usage.
 */
import { fork, type ChildProcess } from 'node:child_process'

/** The one Pusher app the bench's real-time service accepts. */
export const BENCH_APP = { id: 'bench', key: 'bench-key', secret: 'bench-secret' }

export interface Usage {
  cpuMicros: number
  rss: number
  connections: number
  loopP99Ms: number
  loopMaxMs: number
  /** Cluster mode: nodes this one sees, and bus messages it sent / received since start. */
  clusterNodes: number
  busSent: number
  busReceived: number
}

/** BENCH_REDIS_URL / BENCH_REDIS_PREFIX for the child: join the other bench nodes through Redis. */
export interface ClusterEnv {
  redisUrl: string
  prefix: string
}

export class ServerProcess {
  private pending: Array<(u: Usage) => void> = []
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on('message', (m: { type: string } & Usage) => {
      if (m.type === 'usage') this.pending.shift()?.(m)
    })
  }

  static start(cluster?: ClusterEnv): Promise<ServerProcess> {
    const child = fork(new URL('../realtime-server.ts', import.meta.url), [], {
      env: cluster
        ? { ...process.env, BENCH_REDIS_URL: cluster.redisUrl, BENCH_REDIS_PREFIX: cluster.prefix }
        : process.env,
      // BENCH_SERVER_PROF=dir writes a V8 CPU profile of the server process there.
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_SERVER_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`]
          : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start')), 30_000)
      child.once('exit', (code) => reject(new Error(`server exited early (${code})`)))
      child.on('message', function ready(m: { type: string; port?: number }) {
        if (m.type === 'ready' && m.port) {
          clearTimeout(timer)
          child.off('message', ready)
          resolve(new ServerProcess(child, m.port))
        }
      })
    })
  }

  resetLoop(): void {
    this.child.send({ type: 'reset-loop' })
  }

  usage(): Promise<Usage> {
    return new Promise((resolve) => {
      this.pending.push(resolve)
      this.child.send({ type: 'usage' })
    })
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000)
      this.child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      this.child.send({ type: 'stop' })
    })
  }
}
