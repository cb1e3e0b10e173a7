import sharp from 'sharp'
import { LOT_IMAGE_MAX_PIXELS, variantWidths } from '../../common/auction.ts'
import { AppError } from './problem.ts'

// libvips' operation cache would keep decoded pictures between uploads: memory for no gain here.
sharp.cache(false)

/** An uploaded picture read through: its upright size and a WebP copy per width (decision 0031). */
export interface SizedPicture {
  width: number
  height: number
  variants: { width: number; data: Buffer }[]
}

const unreadable = () =>
  new AppError(415, 'unsupported_media_type', 'The picture could not be read as an image.')

/**
 * Decodes an upload once its first bytes named its type: refuses what cannot be decoded (415) or
 * what would decode to more than LOT_IMAGE_MAX_PIXELS (413) — checked from the header before any
 * pixel is decoded, so a small file claiming a huge image costs nothing — then makes the copies.
 * EXIF orientation is applied (a phone's portrait photo stays portrait) and metadata is dropped
 * (a photo's location never reaches other members).
 */
export async function sizePicture(image: Buffer): Promise<SizedPicture> {
  const read = () => sharp(image, { limitInputPixels: LOT_IMAGE_MAX_PIXELS, failOn: 'error' })
  // The header only (no pixels): sharp's own limit would answer the size as a decoding failure.
  const meta = await sharp(image, { limitInputPixels: false, failOn: 'error' })
    .metadata()
    .catch(() => {
      throw unreadable()
    })
  if (!meta.width || !meta.height) throw unreadable()
  if (meta.width * meta.height > LOT_IMAGE_MAX_PIXELS) {
    throw new AppError(
      413,
      'payload_too_large',
      `The picture is larger than ${LOT_IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
    )
  }
  const turned = (meta.orientation ?? 1) >= 5
  const width = turned ? meta.height : meta.width
  const height = turned ? meta.width : meta.height
  try {
    const variants = await Promise.all(
      variantWidths(width).map(async (w) => ({
        width: w,
        data: await read().rotate().resize({ width: w }).webp({ quality: 75 }).toBuffer(),
      })),
    )
    return { width, height, variants }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw unreadable()
  }
}
