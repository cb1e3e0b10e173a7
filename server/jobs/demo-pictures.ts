/**
 * Pictures for the demo lots (decision 0024), made here — no network, no image library: a small
 * PNG encoder (node:zlib) draws a gradient and a shape whose colours come from the lot's id, so
 * each lot looks different and the same lot always looks the same.
 */
import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { LOT_PICTURES_MAX } from '../../common/auction.ts'
import type { Database, Queryable } from '../db/types.ts'
import type { Broadcaster } from '../lib/broadcaster.ts'
import { sniffImageType } from '../lib/images.ts'
import { writePictureFiles } from '../lib/picture-files.ts'
import { sizePicture } from '../lib/picture-sizes.ts'
import { runCommand } from '../commands/run-command.ts'
import { findLot, lockLot, toSummary } from '../repositories/lots.ts'
import {
  bumpLotVersion,
  countPictures,
  insertPicture,
  lotsWithoutPictures,
} from '../repositories/lot-pictures.ts'

const WIDTH = 640
const HEIGHT = 480

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** An RGB PNG of `width`×`height` whose pixel (x, y) is `pixel(x, y)` ([r, g, b], 0–255). */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y)
      raw[row + 1 + x * 3] = r
      raw[row + 2 + x * 3] = g
      raw[row + 3 + x * 3] = b
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)]
}

/** The demo picture number `index` of a lot: a diagonal gradient and a disc, or a square. */
export function demoPicture(seed: string, index = 0): Buffer {
  const digest = createHash('sha256').update(`${seed}:${index}`).digest()
  const hue = (digest[0]! / 255) * 360
  const [top, bottom] = [hsl(hue, 0.45, 0.32), hsl((hue + 40) % 360, 0.55, 0.62)]
  const shape = hsl((hue + 180) % 360, 0.6, 0.7)
  const cx = WIDTH * (0.3 + (digest[1]! / 255) * 0.4)
  const cy = HEIGHT * (0.35 + (digest[2]! / 255) * 0.3)
  const radius = HEIGHT * (0.18 + (digest[3]! / 255) * 0.12)
  const square = index % 2 === 1
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    const inside = square
      ? Math.abs(x - cx) < radius && Math.abs(y - cy) < radius
      : (x - cx) ** 2 + (y - cy) ** 2 < radius ** 2
    if (inside) return shape
    const t = (x / WIDTH + y / HEIGHT) / 2
    return [0, 1, 2].map((c) => Math.round(top[c]! + (bottom[c]! - top[c]!) * t)) as [
      number,
      number,
      number,
    ]
  })
}

/**
 * Gives a lot `count` demo pictures (after any it has), stored as the upload route stores them:
 * content-named files under `uploads/lots/`. For the seed and for demo lots listed later by the
 * scheduler (call it with the new lot's id). Not a seller's action: no check of bids or status.
 */
export async function addDemoPictures(
  db: Queryable,
  uploadsDir: string,
  lotId: string,
  count = 2,
): Promise<void> {
  const have = await countPictures(db, lotId)
  for (let index = 0; index < count && have + index < LOT_PICTURES_MAX; index++) {
    const png = demoPicture(lotId, have + index)
    if (sniffImageType(png) !== 'image/png') throw new Error('demo picture is not a PNG')
    const hash = createHash('sha256').update(png).digest('hex').slice(0, 20)
    const name = `lots/${lotId}-${hash}.png`
    const sized = await sizePicture(png, 'image/png')
    await writePictureFiles(uploadsDir, name, sized)
    const widths = sized.variants.map((v) => v.width)
    await insertPicture(db, lotId, name, have + index, {
      width: sized.width,
      height: sized.height,
      widths,
    })
  }
  await bumpLotVersion(db, lotId)
}

/**
 * A demo lot the scheduler has just listed gets its pictures, and the room and the lists hear of
 * them (`lot.updated`), as after a seller's upload.
 */
export async function pictureNewDemoLot(
  deps: { db: Database; uploadsDir: string; broadcaster: Broadcaster },
  lotId: string,
): Promise<void> {
  await runCommand(
    deps.db,
    { publishTo: { broadcaster: deps.broadcaster } },
    async (tx, events) => {
      if (!(await pictureBareLot(tx, deps.uploadsDir, lotId))) return
      const lot = await findLot(tx, lotId)
      if (lot) events.lotUpdated(toSummary(lot))
    },
  )
}

/**
 * Two demo pictures for a lot that has none (false when another run pictured it first), counted
 * under the lot's row lock as an upload counts: the scheduler's picturing of a new demo lot and
 * another node's start-up seed may reach the same lot at once.
 */
async function pictureBareLot(tx: Queryable, uploadsDir: string, lotId: string) {
  await lockLot(tx, lotId)
  if ((await countPictures(tx, lotId)) > 0) return false
  await addDemoPictures(tx, uploadsDir, lotId)
  return true
}

/** The demo members' emails (the seed's sellers, a LIKE pattern): only their lots get pictures. */
const DEMO_EMAIL = '%@lotline.test'

/**
 * Every lot of a demo member that has no picture gets demo pictures: the seeded lots, and demo
 * lots listed while no picture was made for them. Idempotent; returns how many lots it filled.
 */
export async function seedDemoPictures(db: Database, uploadsDir: string): Promise<number> {
  const ids = await lotsWithoutPictures(db, DEMO_EMAIL)
  let pictured = 0
  for (const id of ids)
    if (await db.transaction((tx) => pictureBareLot(tx, uploadsDir, id))) pictured += 1
  return pictured
}
