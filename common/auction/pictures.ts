/**
 * Responsive sizes of a lot's pictures (decision 0031), the one rule both sides follow: the server
 * makes a WebP copy at each of these widths when a picture is uploaded, the client names them in
 * `srcset`, and a copy's address is derived from the original's.
 */
import { LOT_IMAGE_MAX_BYTES, LOT_IMAGE_TYPES } from './limits.ts'
import type { LotPicture } from './shapes.ts'

/**
 * How wide a card's and the gallery's picture is shown (`sizes`): a card is the whole column on a
 * phone and a grid cell (≥ 17rem) from 640 px; the gallery is the page until the room's wider
 * column from 960 px. The server's preload of the first screen's picture names the same.
 */
export const CARD_PICTURE_SIZES = '(min-width: 640px) 360px, 50vw'
export const GALLERY_PICTURE_SIZES = '(min-width: 960px) 720px, 100vw'

/** The widths a picture is made at (never wider than the original). */
export const PICTURE_WIDTHS = [320, 640, 1280] as const

/**
 * The copies an original `width` pixels wide gets: every standard width below it, and the original
 * width itself when it is no wider than the largest — so there is always a WebP, never an upscale.
 */
export function variantWidths(width: number): number[] {
  const largest = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1]!
  const below: number[] = PICTURE_WIDTHS.filter((w) => w < width)
  return width <= largest ? [...below, width] : below
}

/** `uploads/lots/<lot>-<hash>.jpg` at 640 → `uploads/lots/<lot>-<hash>-640w.webp`. */
export function variantUrl(url: string, width: number): string {
  return `${url.replace(/\.[a-z0-9]+$/i, '')}-${width}w.webp`
}

/** The `srcset` of a picture's copies, each address passed through `resolve` (the app's base). */
export function pictureSrcset(picture: LotPicture, resolve: (url: string) => string): string {
  return picture.widths.map((w) => `${resolve(variantUrl(picture.url, w))} ${w}w`).join(', ')
}

/** Why a chosen picture file cannot be sent: not one of the types, empty, or too large. */
export type PictureFileProblem = 'type' | 'empty' | 'size'

/**
 * The one check of a picture file before any decoding (decision 0058): the client runs it on each file when it is chosen, the server on each upload's
 * declared type and body. A type is compared without its parameters and case ("IMAGE/PNG;
 * q=1" is image/png); the pixel limit needs the decoded picture and stays the server's.
 */
export function pictureFileProblem(type: string, bytes: number): PictureFileProblem | null {
  const bare = type.split(';')[0]!.trim().toLowerCase()
  if (!(LOT_IMAGE_TYPES as readonly string[]).includes(bare)) return 'type'
  if (bytes <= 0) return 'empty'
  if (bytes > LOT_IMAGE_MAX_BYTES) return 'size'
  return null
}
