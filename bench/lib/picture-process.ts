/**
 * One measurement of bench/pictures.ts, in a process of its own so its peak RSS is this work's:
 *
 *   tsx bench/lib/picture-process.ts <code dir> <picture file> <one|six>
 *
 * `<code dir>` is a checkout holding server/ and common/ (this repository, or an older commit's
 * files): its `sizePicture` is measured. `one` sizes the PNG once; `six` sizes six copies of it
 * at once, through the checkout's PictureQueue (2 running, 6 waiting) when it has one.
 * Meanwhile a bystander runs what other requests do on libuv's thread pool (scrypt, as a sign-in
 * does) every 50 ms and records its slowest wait. Prints one JSON line.
 */
import { scrypt } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { readFile } from 'node:fs/promises'

const [codeDir = '.', file = '', mode = 'one'] = process.argv.slice(2)
const load = (path: string) => import(pathToFileURL(join(codeDir, path)).href)
const { sizePicture } = (await load('server/lib/picture-sizes.ts')) as {
  sizePicture: (image: Buffer, type: string) => Promise<unknown>
}
const queuePath = 'server/lib/picture-queue.ts'
const queue = existsSync(join(codeDir, queuePath))
  ? new (
      (await load(queuePath)) as {
        PictureQueue: new (limits: { running: number; waiting: number }) => {
          run<T>(work: () => Promise<T>): Promise<T>
        }
      }
    ).PictureQueue({ running: 2, waiting: 6 })
  : undefined

const png = await readFile(file)

let slowestBystanderMs = 0
let bystanding = true
const bystander = (async () => {
  while (bystanding) {
    const started = performance.now()
    await new Promise((resolve) => scrypt('password', 'salt', 32, { N: 1024 }, resolve))
    slowestBystanderMs = Math.max(slowestBystanderMs, performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})()

const idleRssMb = process.memoryUsage().rss / 2 ** 20
const cpu0 = process.cpuUsage()
const started = performance.now()
const count = mode === 'six' ? 6 : 1
await Promise.all(
  Array.from({ length: count }, () =>
    queue ? queue.run(() => sizePicture(png, 'image/png')) : sizePicture(png, 'image/png'),
  ),
)
const wallMs = performance.now() - started
const cpu = process.cpuUsage(cpu0)
bystanding = false
await bystander
console.log(
  JSON.stringify({
    count,
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    idleRssMb: Math.round(idleRssMb),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    slowestBystanderMs: Math.round(slowestBystanderMs),
  }),
)
