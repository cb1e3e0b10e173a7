import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LOT_IMAGE_MAX_BYTES, LOT_IMAGE_TYPES, type LotSummary } from '../../../common/auction.ts'
import { setLotPicture } from '../../commands/lots/set-lot-picture.ts'
import type { Database } from '../../db/types.ts'
import { sniffImageType } from '../../lib/images.ts'
import { perMember } from '../../lib/member-limit.ts'
import { AppError } from '../../lib/problem.ts'
import { lotId } from '../lots/params.ts'
import { LotSummarySchema } from '../../schemas/auction.ts'
import { responses } from '../../schemas/shared.ts'
import { LotParams } from '../lots/schemas.ts'

/**
 * `PUT /api/lots/:id/image`: the seller sets the lot's picture (the raw file as the body, typed
 * image/jpeg, image/png or image/webp, at most 2 MB). Files are named by their content hash, so
 * they can be cached forever; the lot's version moves and watchers get `lot.updated`.
 */
const lotImageRoutes: FastifyPluginAsyncTypebox<{
  db: Database
  uploadsDir: string
  /** Uploads per member per window (LOT_IMAGE_UPLOAD_MAX / _WINDOW_MINUTES). */
  limit: { max: number; windowMinutes: number }
}> = async (app, { db, uploadsDir, limit }) => {
  for (const type of LOT_IMAGE_TYPES) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: LOT_IMAGE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    )
  }

  app.put(
    '/lots/:id/image',
    {
      schema: { params: LotParams, response: responses({ 200: LotSummarySchema }) },
      // Per member, not per address: every upload is up to 2 MB written to disk.
      config: perMember('upload', { max: limit.max, windowMs: limit.windowMinutes * 60_000 }),
    },
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
      return setLotPicture(
        { db, uploadsDir },
        { userId: user.id, lotId: id, image: body, type: actual },
        { broadcaster: app.broadcaster, socketId: request.socketId },
      )
    },
  )
}

export default lotImageRoutes
