import sharp, { type Sharp } from 'sharp'
import { LOT_IMAGE_MAX_PIXELS, variantWidths, type LotImageType } from '../../common/auction.ts'
import { AppError } from './problem.ts'

// libvips' operation cache would keep decoded pictures between uploads: memory for no gain here.
sharp.cache(false)

/**
 * An uploaded picture read through (decisions 0031, 0047): its upright size, the file itself
 * re-encoded, and a WebP copy per width. Nothing the upload carried besides its pixels is kept.
 */
export interface SizedPicture {
  width: number
  height: number
  /** The upload re-encoded in its own format: upright, without EXIF, XMP, IPTC or comments. */
  original: Buffer
  variants: { width: number; data: Buffer }[]
}

/**
 * How an original is written back: in the format it came in (its name keeps its extension), at a
 * quality fit for the zoomed view. sharp writes no metadata unless asked (`withMetadata`).
 */
const ENCODE: Record<LotImageType, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 85 }),
  'image/png': (image) => image.png(),
  'image/webp': (image) => image.webp({ quality: 85 }),
}

const unreadable = () =>
  new AppError(415, 'unsupported_media_type', 'The picture could not be read as an image.')

/**
 * The upright size of an upload, from its header alone (no pixels decoded): refuses what cannot
 * be read (415) or would decode to more than LOT_IMAGE_MAX_PIXELS (413), so a small file claiming
 * a huge image costs nothing. sharp's own limit would answer the size as a decoding failure.
 */
async function uprightSize(image: Buffer): Promise<{ width: number; height: number }> {
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
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap once applied.
  const turned = (meta.orientation ?? 1) >= 5
  return turned
    ? { width: meta.height, height: meta.width }
    : { width: meta.width, height: meta.height }
}

/** The upload decoded upright (EXIF orientation applied), ready to be cloned per output. */
const upright = (image: Buffer) =>
  sharp(image, { limitInputPixels: LOT_IMAGE_MAX_PIXELS, failOn: 'error' }).rotate()

/**
 * Decodes an upload whose first bytes named its `type` and makes everything served from it:
 * the original re-encoded (a phone photo's location never leaves the server, decision 0047) and
 * the WebP copies. Two passes over the upload's pixels, not one per file: the original at full
 * size, then the largest copy, whose pixels (at most 1280 wide) make the smaller copies.
 */
export async function sizePicture(image: Buffer, type: LotImageType): Promise<SizedPicture> {
  const { width, height } = await uprightSize(image)
  const widths = variantWidths(width)
  try {
    const source = upright(image)
    const original = await ENCODE[type](source.clone()).toBuffer()
    const largest = await source
      .clone()
      .resize({ width: widths[widths.length - 1]! })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const variants = []
    for (const w of widths) {
      // Each copy's height from the original's shape, as if made from it (no rounding twice).
      const data = await sharp(largest.data, { raw: largest.info })
        .resize({ width: w, height: Math.max(1, Math.round((w * height) / width)), fit: 'fill' })
        .webp({ quality: 75 })
        .toBuffer()
      variants.push({ width: w, data })
    }
    return { width, height, original, variants }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw unreadable()
  }
}

/**
 * A stored original written by an earlier version, re-encoded as an upload is now (decision
 * 0047); undefined when it already carries nothing but pixels and needs no new bytes.
 */
export async function cleanedOriginal(
  file: Buffer,
  type: LotImageType,
): Promise<Buffer | undefined> {
  const meta = await sharp(file, { limitInputPixels: false }).metadata()
  const carries =
    meta.exif !== undefined ||
    meta.xmp !== undefined ||
    meta.iptc !== undefined ||
    (meta.comments?.length ?? 0) > 0 ||
    (meta.orientation ?? 1) !== 1
  if (!carries) return undefined
  return ENCODE[type](sharp(file, { limitInputPixels: false, failOn: 'none' }).rotate()).toBuffer()
}
