import { describe, expect, it, vi } from 'vitest'
import { ClientSlot } from './client-slot'
import type { RealtimeClient } from './connection'

/** The slot the app's connection arrives in (client-slot.ts), with stand-in connections. */
const connection = (name: string) => ({ name }) as unknown as RealtimeClient

describe('ClientSlot', () => {
  it('tells its listeners of each new connection, not of the same one again, and not after they left', () => {
    const slot = new ClientSlot()
    const heard = vi.fn()
    const leave = slot.subscribe(heard)
    const first = connection('first')
    slot.set(first)
    slot.set(first)
    expect(heard).toHaveBeenCalledTimes(1)
    expect(slot.get()).toBe(first)
    leave()
    slot.set(connection('second'))
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it('attaches to the connection there is and to each new one, detaching the old first', () => {
    const slot = new ClientSlot()
    const first = connection('first')
    const second = connection('second')
    slot.set(first)
    const steps: string[] = []
    const changed = vi.fn()
    const stop = slot.whileSet((client) => {
      const { name } = client as unknown as { name: string }
      steps.push(`attach ${name}`)
      return () => steps.push(`detach ${name}`)
    }, changed)
    slot.set(second)
    slot.set(null)
    expect(steps).toEqual(['attach first', 'detach first', 'attach second', 'detach second'])
    expect(changed).toHaveBeenCalledTimes(2)
    slot.set(first)
    stop()
    expect(steps.slice(4)).toEqual(['attach first', 'detach first'])
    // Stopped: a later connection reaches it no more.
    slot.set(second)
    expect(steps).toHaveLength(6)
    expect(changed).toHaveBeenCalledTimes(3)
  })
})
