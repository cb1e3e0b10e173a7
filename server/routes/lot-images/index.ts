import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  LOT_IMAGE_MAX_BYTES,
  LOT_IMAGE_MAX_PIXELS,
  LOT_IMAGE_TYPES,
  LOT_PICTURES_MAX,
  pictureFileProblem,
  type LotSummary,
} from '../../../common/auction.ts'
import { isUuid } from '../../../common/wire.ts'
import {
  addLotPicture,
  removeLotPicture,
  reorderLotPictures,
} from '../../commands/lots/lot-pictures.ts'
import type { Database } from '../../db/types.ts'
import { sniffImageType } from '../../lib/images.ts'
import type { PictureQueue } from '../../lib/picture-queue.ts'
import { perMember } from '../../lib/member-limit.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { lotId } from '../lots/params.ts'
import { LotSummarySchema } from '../../schemas/auction.ts'
import { responses } from '../../schemas/shared.ts'

const PictureParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  pictureId: Type.String({ maxLength: 64 }),
})
const LotParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
const OrderBody = Type.Object(
  {
    /** Every picture id of the lot, once each, in the new order (the cover first). */
    pictureIds: Type.Array(Type.String({ maxLength: 64 }), { maxItems: LOT_PICTURES_MAX }),
  },
  { additionalProperties: false },
)

const pictureId = (raw: string) => {
  const id = raw.toLowerCase()
  if (!isUuid(id)) throw notFound('Picture')
  return id
}

/**
 * A lot's pictures (decisions 0010, 0024), for the seller, before the first bid:
 * - `POST /api/lots/:id/pictures` — the raw file as the body (image/jpeg, image/png or
 *   image/webp, at most 2 MB and 16 MP), added last; at most 8 per lot. Stored re-encoded (0047).
 * - `DELETE /api/lots/:id/pictures/:pictureId` — removes one (and its file).
 * - `PUT /api/lots/:id/pictures/order` `{ pictureIds }` — every picture once, the cover first.
 * Each answers the lot's new summary; the version moves and watchers get `lot.updated`.
 */
const lotImageRoutes: FastifyPluginAsyncTypebox<{
  db: Database
  uploadsDir: string
  /** Uploads per member per window (LOT_IMAGE_UPLOAD_MAX / _WINDOW_MINUTES). */
  limit: { max: number; windowMinutes: number }
  /** This process's picture decoding, bounded (LOT_IMAGE_CONCURRENCY / _QUEUE, decision 0047). */
  pictureQueue: PictureQueue
}> = async (app, { db, uploadsDir, limit, pictureQueue }) => {
  for (const type of LOT_IMAGE_TYPES) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: LOT_IMAGE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    )
  }
  const deps = { db, uploadsDir, pictureQueue }

  app.post(
    '/lots/:id/pictures',
    {
      schema: {
        description: `Adds a picture, last. The body is the raw file, typed ${LOT_IMAGE_TYPES.join(', ')}, at most ${LOT_IMAGE_MAX_BYTES} bytes and ${LOT_IMAGE_MAX_PIXELS} pixels (413 past either); at most ${LOT_PICTURES_MAX} per lot. It is stored re-encoded, upright and without metadata. 409 pictures_locked after the first bid or the end, 409 too_many_pictures at the limit, 415 when the file is not what its type says, 503 pictures_busy with Retry-After when the server is decoding as many pictures as it takes.`,
        params: LotParams,
        response: responses({ 201: LotSummarySchema }),
      },
      // Per member, not per address: every upload is up to 2 MB written to disk.
      config: perMember('upload', { max: limit.max, windowMs: limit.windowMinutes * 60_000 }),
    },
    async (request, reply): Promise<LotSummary> => {
      const user = await request.requireUser()
      const id = lotId(request.params.id)
      const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      const body = request.body
      // The same check the seller's screen makes when a file is chosen (common/auction/pictures.ts).
      const problem = pictureFileProblem(declared, Buffer.isBuffer(body) ? body.length : 0)
      if (!Buffer.isBuffer(body) || problem === 'empty') {
        throw new AppError(400, 'bad_request', 'Send the image file as the request body.')
      }
      if (problem === 'size') {
        throw new AppError(413, 'payload_too_large', 'The picture is larger than 2 MB.')
      }
      const actual = sniffImageType(body)
      if (!actual || actual !== declared) {
        throw new AppError(
          415,
          'unsupported_media_type',
          'The file is not a JPEG, PNG or WebP image.',
        )
      }
      const summary = await addLotPicture(
        deps,
        { userId: user.id, lotId: id, image: body, type: actual },
        { broadcaster: app.broadcaster, socketId: request.socketId },
      )
      void reply.code(201)
      return summary
    },
  )

  app.delete(
    '/lots/:id/pictures/:pictureId',
    {
      schema: {
        description: 'Removes one picture and its file (the seller, before the first bid).',
        params: PictureParams,
        response: responses({ 200: LotSummarySchema }),
      },
    },
    async (request): Promise<LotSummary> => {
      const user = await request.requireUser()
      const id = lotId(request.params.id)
      return removeLotPicture(
        deps,
        { userId: user.id, lotId: id, pictureId: pictureId(request.params.pictureId) },
        { broadcaster: app.broadcaster, socketId: request.socketId },
      )
    },
  )

  app.put(
    '/lots/:id/pictures/order',
    {
      schema: {
        description:
          'Puts the pictures in a new order: every picture id of the lot exactly once, the cover first (422 otherwise).',
        params: LotParams,
        body: OrderBody,
        response: responses({ 200: LotSummarySchema }),
      },
    },
    async (request): Promise<LotSummary> => {
      const user = await request.requireUser()
      const id = lotId(request.params.id)
      const ids = request.body.pictureIds.map((raw) => raw.toLowerCase())
      if (!ids.every((raw) => isUuid(raw)))
        throw new AppError(
          422,
          'validation_failed',
          'Name each of the lot’s pictures exactly once.',
          {
            pictureIds: 'Each entry must be a picture id.',
          },
        )
      return reorderLotPictures(
        deps,
        { userId: user.id, lotId: id, pictureIds: ids },
        { broadcaster: app.broadcaster, socketId: request.socketId },
      )
    },
  )
}

export default lotImageRoutes
