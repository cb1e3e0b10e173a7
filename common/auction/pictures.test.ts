import { describe, expect, it } from 'vitest'
import {
  CARD_PICTURE_SIZES,
  GALLERY_PICTURE_SIZES,
  PICTURE_WIDTHS,
  pictureFileProblem,
  pictureSrcset,
  variantUrl,
  variantWidths,
} from './pictures.ts'
import { LOT_IMAGE_MAX_BYTES } from './limits.ts'

describe('variantWidths: every standard width below the original, never an upscale', () => {
  it.each([
    [4000, [320, 640, 1280]],
    [1281, [320, 640, 1280]],
    [1280, [320, 640, 1280]],
    [1279, [320, 640, 1279]],
    [640, [320, 640]],
    [500, [320, 500]],
    [320, [320]],
    [16, [16]],
  ])('%i px wide → %j', (width, widths) => {
    expect(variantWidths(width)).toEqual(widths)
  })
})

describe('variant addresses', () => {
  it('sits beside the original, whatever its extension', () => {
    expect(variantUrl('uploads/lots/a-1f.jpg', 320)).toBe('uploads/lots/a-1f-320w.webp')
    expect(variantUrl('uploads/lots/a-1f.webp', 640)).toBe('uploads/lots/a-1f-640w.webp')
  })

  it('names every copy with its width in the srcset, through the app base', () => {
    const picture = {
      id: 'p',
      url: 'uploads/lots/a.png',
      width: 700,
      height: 525,
      widths: [320, 640],
    }
    expect(pictureSrcset(picture, (u) => `/base/${u}`)).toBe(
      '/base/uploads/lots/a-320w.webp 320w, /base/uploads/lots/a-640w.webp 640w',
    )
    expect(pictureSrcset({ ...picture, widths: [] }, (u) => u)).toBe('')
  })
})

describe('sizes: how wide the app shows a picture, for the browser to pick a copy', () => {
  it.each([
    // Cards stand two to a row on a phone (issue 32), the gallery alone.
    { name: 'card', sizes: CARD_PICTURE_SIZES, wide: 360, phone: '50vw' },
    { name: 'gallery', sizes: GALLERY_PICTURE_SIZES, wide: 720, phone: '100vw' },
  ])('$name: $phone on a phone, $wide px on a wide screen', ({ sizes, wide, phone }) => {
    const [condition, onPhone] = sizes.split(', ')
    expect(condition).toMatch(new RegExp(`^\\(min-width: \\d+px\\) ${wide}px$`))
    expect(onPhone).toBe(phone)
    // A wide screen at 1.5× still finds a copy wide enough.
    expect(PICTURE_WIDTHS.at(-1)).toBeGreaterThanOrEqual(wide * 1.5)
  })
})

describe('pictureFileProblem: the type and size a picture may have, on both sides', () => {
  it.each([
    ['image/jpeg', 1, null],
    ['image/png', LOT_IMAGE_MAX_BYTES, null],
    ['image/webp', 1000, null],
    ['IMAGE/PNG', 10, null],
    [' image/jpeg ; charset=binary', 10, null],
    ['image/png', LOT_IMAGE_MAX_BYTES + 1, 'size'],
    ['image/jpeg', 0, 'empty'],
    ['image/jpeg', -1, 'empty'],
    ['image/gif', 10, 'type'],
    ['image/svg+xml', 10, 'type'],
    ['', 10, 'type'],
    ['text/plain', LOT_IMAGE_MAX_BYTES + 1, 'type'],
    ['image/jpegx', 10, 'type'],
  ] as const)('%j of %i bytes → %s', (type, bytes, problem) => {
    expect(pictureFileProblem(type, bytes)).toBe(problem)
  })
})
