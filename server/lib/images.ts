import type { LotImageType } from '../../common/auction.ts'

/**
 * The image type a file really is, from its first bytes — the declared Content-Type is only a
 * claim. JPEG: FF D8 FF; PNG: 89 50 4E 47 0D 0A 1A 0A; WebP: "RIFF" … "WEBP".
 */
export function sniffImageType(bytes: Buffer): LotImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg'
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png'
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp'
  }
  return undefined
}

export const EXTENSIONS: Record<LotImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
}
