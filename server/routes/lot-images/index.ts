import { createHash } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ENDED_STATUSES,
  LOT_IMAGE_MAX_BYTES,
  LOT_IMAGE_TYPES,
  type LotSummary,
} from '../../../common/auction.ts'
import type { Database } from '../../db/types.ts'
import { EXTENSIONS, sniffImageType } from '../../lib/images.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import { Publication } from '../../lib/publication.ts'
import { findLot, setLotImage, toSummary } from '../../repositories/lots.ts'
import { lotId } from '../lots/params.ts'
import { LotParams } from '../lots/schemas.ts'

/**
 * `PUT /api/lots/:id/image`: the seller sets the lot's picture (the raw file as the body, typed
 * image/jpeg, image/png or image/webp, at most 2 MB). Files are named by their content hash, so
 * they can be cached forever; the lot's version moves and watchers get `lot.updated`.
 */
const lotImageRoutes: FastifyPluginAsyncTypebox<{ db: Database; uploadsDir: string }> = async (
  app,
  { db, uploadsDir },
) => {
  for (const type of LOT_IMAGE_TYPES) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: LOT_IMAGE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    )
  }

  app.put(
    '/lots/:id/image',
    { schema: { params: LotParams } },
    async (request): Promise<LotSummary> => {
      const user = await request.requireUser()
      const id = lotId(request.params.id)
      const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      const body = request.body
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError(400, 'bad_request', 'Send the image file as the request body.')
      }
      const actual = sniffImageType(body)
      if (!actual || actual !== declared) {
        throw new AppError(
          415,
          'unsupported_media_type',
          'The file is not a JPEG, PNG or WebP image.',
        )
      }
      const lot = await findLot(db, id)
      if (!lot) throw notFound('Lot')
      if (lot.seller_id !== user.id) throw forbidden('Only the seller can change the picture.')
      if (ENDED_STATUSES.includes(lot.status)) {
        throw new AppError(409, 'conflict', 'The lot has ended; its picture can no longer change.')
      }
      const name = `lots/${id}-${createHash('sha256').update(body).digest('hex').slice(0, 20)}.${EXTENSIONS[actual]}`
      await mkdir(join(uploadsDir, 'lots'), { recursive: true })
      // Written aside and renamed: a reader never sees half a file.
      const temporary = join(uploadsDir, `${name}.${process.pid}.tmp`)
      await writeFile(temporary, body)
      await rename(temporary, join(uploadsDir, name))
      await setLotImage(db, id, name)
      const summary = toSummary((await findLot(db, id))!)
      await new Publication().lotUpdated(summary).send(app.broadcaster, request.socketId)
      return summary
    },
  )
}

export default lotImageRoutes
