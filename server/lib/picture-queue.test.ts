import { describe, expect, it } from 'vitest'
import { PictureQueue } from './picture-queue.ts'
import { AppError } from './problem.ts'

/** A job that ends when told to. */
function job() {
  let finish = () => {}
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { work: () => done, finish }
}

describe('PictureQueue', () => {
  it('runs `running` at once, keeps `waiting` in line in order, refuses the rest with 503 and Retry-After', async () => {
    const queue = new PictureQueue({ running: 1, waiting: 1 })
    const order: string[] = []
    const a = job()
    const b = job()
    const first = queue.run(async () => {
      await a.work()
      order.push('a')
    })
    const second = queue.run(async () => {
      order.push('b started')
      await b.work()
      order.push('b')
    })
    const refused = await queue.run(async () => order.push('c')).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ status: 503, code: 'pictures_busy' })
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThanOrEqual(1)
    await Promise.resolve()
    expect(order).toEqual([])
    a.finish()
    await first
    await Promise.resolve()
    expect(order).toEqual(['a', 'b started'])
    b.finish()
    await second
    // The line is free again: the next one runs.
    await queue.run(async () => order.push('d'))
    expect(order).toEqual(['a', 'b started', 'b', 'd'])
  })

  it('frees a place when a job fails', async () => {
    const queue = new PictureQueue({ running: 1, waiting: 0 })
    await expect(queue.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
    await expect(queue.run(async () => 'ran')).resolves.toBe('ran')
  })
})
