/**
 * The per-address socket count (REALTIME_MAX_CONNECTIONS_PER_ADDRESS). One process counts for
 * itself. With REALTIME_WORKERS (or the API's API_WORKERS) several processes share the port and
 * the primary hands connections out round robin, so each worker asks the primary, which counts
 * for every worker on the machine and forgets a dead worker's sockets. Several machines behind a
 * load balancer each count their own (docs/security.md, "Real-time service"; decision 0048).
 */
import cluster, { type Worker } from 'node:cluster'

export interface AddressSlots {
  /** Take one of `max` slots for `key`: false when all are taken. */
  take(key: string, max: number): boolean | Promise<boolean>
  /** Give back a slot taken for `key`. */
  give(key: string): void
}

export class LocalSlots implements AddressSlots {
  private readonly counts = new Map<string, number>()

  take(key: string, max: number): boolean {
    const held = this.counts.get(key) ?? 0
    if (held >= max) return false
    this.counts.set(key, held + 1)
    return true
  }

  give(key: string): void {
    const left = (this.counts.get(key) ?? 1) - 1
    if (left > 0) this.counts.set(key, left)
    else this.counts.delete(key)
  }
}

/** Messages between a worker and the primary; the tag keeps them apart from anyone else's. */
const TAG = 'lotline:rt-slots'
type SlotMessage =
  | { tag: typeof TAG; op: 'take'; id: number; key: string; max: number }
  | { tag: typeof TAG; op: 'give'; key: string }
  | { tag: typeof TAG; op: 'taken'; id: number; ok: boolean }

function isSlotMessage(message: unknown): message is SlotMessage {
  return typeof message === 'object' && message !== null && (message as SlotMessage).tag === TAG
}

/** A primary that does not answer (it is going away) must not hold connections forever. */
const PRIMARY_ANSWER_MS = 2000

/** In a node:cluster worker: the primary counts (serveAddressSlots). */
class PrimarySlots implements AddressSlots {
  private nextId = 0
  private readonly waiting = new Map<number, (ok: boolean) => void>()

  constructor(private readonly send: (message: SlotMessage) => void) {
    process.on('message', (message: unknown) => {
      if (!isSlotMessage(message) || message.op !== 'taken') return
      this.waiting.get(message.id)?.(message.ok)
      this.waiting.delete(message.id)
    })
  }

  take(key: string, max: number): Promise<boolean> {
    const id = this.nextId++
    return new Promise((resolve) => {
      // Fails open: with the primary gone this worker is about to be stopped anyway.
      const timer = setTimeout(() => this.waiting.delete(id) && resolve(true), PRIMARY_ANSWER_MS)
      timer.unref()
      this.waiting.set(id, (ok) => {
        clearTimeout(timer)
        resolve(ok)
      })
      this.send({ tag: TAG, op: 'take', id, key, max })
    })
  }

  give(key: string): void {
    this.send({ tag: TAG, op: 'give', key })
  }
}

/** The counter for this process: its own, or the primary's when it is a node:cluster worker. */
export function addressSlots(): AddressSlots {
  const send = process.send?.bind(process)
  if (!cluster.isWorker || !send) return new LocalSlots()
  return new PrimarySlots((message) => {
    send(message, undefined, {}, () => {}) // a closed channel means we are being stopped
  })
}

/** On the primary: count for this worker in `slots`; when it exits, its sockets are gone. */
export function serveAddressSlots(worker: Worker, slots: LocalSlots): void {
  /** What this worker holds, so its exit gives it all back. */
  const held = new Map<string, number>()
  worker.on('message', (message: unknown) => {
    if (!isSlotMessage(message)) return
    if (message.op === 'take') {
      const ok = slots.take(message.key, message.max)
      if (ok) held.set(message.key, (held.get(message.key) ?? 0) + 1)
      if (worker.isConnected()) worker.send({ tag: TAG, op: 'taken', id: message.id, ok })
    } else if (message.op === 'give') {
      const count = held.get(message.key) ?? 0
      if (count === 0) return
      if (count > 1) held.set(message.key, count - 1)
      else held.delete(message.key)
      slots.give(message.key)
    }
  })
  worker.on('exit', () => {
    for (const [key, count] of held) for (let i = 0; i < count; i++) slots.give(key)
    held.clear()
  })
}
