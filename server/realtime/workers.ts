/**
 * `REALTIME_WORKERS=N` (standalone only): N processes share the port through `node:cluster`
 * (the primary accepts and hands connections out round robin), each one a node of the Redis
 * cluster (cluster-link.ts), so a publish reaching any worker reaches sockets on every worker.
 * The primary only supervises: it replaces a worker that dies and passes SIGTERM/SIGINT on.
 */
import cluster, { type Worker } from 'node:cluster'
import { LocalSlots, serveAddressSlots } from './address-slots.ts'
import type { RealtimeLogger } from './options.ts'

/** A worker that dies is replaced after this long (a crash loop stays slow and visible). */
const RESTART_DELAY_MS = 1000

/** `label` names the service in the log lines (`realtime`, or `api` for the API's workers). */
export function superviseWorkers(count: number, logger: RealtimeLogger, label = 'realtime'): void {
  let stopping = false
  const live = new Set<Worker>()
  // The per-address socket cap holds across the workers: the primary counts for all of them.
  const addressSlots = new LocalSlots()
  const fork = () => {
    const worker = cluster.fork()
    live.add(worker)
    serveAddressSlots(worker, addressSlots)
    worker.on('exit', (code, signal) => {
      live.delete(worker)
      if (stopping) {
        if (live.size === 0) process.exit(0)
        return
      }
      logger.warn({ pid: worker.process.pid, code, signal }, `${label}: worker died, replacing it`)
      setTimeout(fork, RESTART_DELAY_MS)
    })
  }
  for (let i = 0; i < count; i++) fork()
  logger.info({ workers: count }, `${label}: started workers`)

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, `${label}: stopping workers`)
    if (live.size === 0) process.exit(0)
    for (const worker of live) worker.process.kill('SIGTERM')
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

export const isPrimaryProcess = (): boolean => cluster.isPrimary
