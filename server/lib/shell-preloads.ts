import { firstScreenModules, firstScreenRequests } from '../../common/first-screen.ts'
import { pictureSrcset, type LotPicture } from '../../common/auction.ts'
import { CODE_AFTER_PICTURE_ID } from '../../common/code-after-picture.ts'
import { answersBlock, type FirstScreenAnswers } from './first-screen-answers.ts'

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/** A shell address as the app's router sees it: the path under the base, and the query. */
export interface Screen {
  path: string
  search: string
}

/** The screen an address opens, or undefined when it is not under the base path. */
export function screenOf(base: string, url: string): Screen | undefined {
  const [rawPath = '/', search = ''] = url.split(/\?(.*)/s, 2)
  if (!rawPath.startsWith(base)) return undefined
  return { path: `/${rawPath.slice(base.length)}`, search: search ? `?${search}` : '' }
}

/** The picture the first screen shows first, at the width the app shows it (`sizes`). */
export interface FirstPicture {
  picture: LotPicture
  sizes: string
  /** Where: the list's first card or a lot room's gallery, both painted by the page (decisions 0040, 0046). */
  shows: 'card' | 'gallery'
}

/**
 * The app shell for one address, naming what its first screen loads so it travels beside the
 * code, not after it (decision 0030):
 * - the API requests (common/first-screen.ts): those `answers` holds written into the page
 *   (decision 0039), the others as `<link rel="preload" as="fetch" crossorigin>`; the
 *   `crossorigin` makes the preload a CORS-mode request with same-origin credentials, as
 *   fetch() is — without it the answer would not be reused;
 * - the first card's or the gallery's picture as `<link rel="preload" as="image">` with the same
 *   `imagesrcset` and `imagesizes` as the `<img>` (decision 0031): the browser picks the same copy,
 *   and the largest paint no longer waits for the code, then the data, then the picture;
 * - the screen's own chunks as `<link rel="modulepreload">` (decision 0035), resolved through the
 *   build's manifest by `moduleFiles`; on a page the server drew (`codeAfterPicture`), in a
 *   template the entry requests once the page has loaded (decision 0060);
 * - the first picture in the skeleton itself, where the screen will show it on phones: a lot
 *   room's gallery (decision 0040), the list's first card (decision 0046).
 */
export function withFirstScreenPreloads(
  html: string,
  base: string,
  url: string,
  picture?: FirstPicture,
  moduleFiles: (sources: string[]) => string[] = () => [],
  answers: FirstScreenAnswers = new Map(),
  codeAfterPicture = false,
): string {
  const screen = screenOf(base, url)
  if (!screen) return html
  const links = firstScreenRequests(screen.path, screen.search)
    .filter((href) => !answers.has(href))
    .map(
      (href) =>
        `<link rel="preload" href="${escapeAttribute(base + href)}" as="fetch" crossorigin>`,
    )
  links.push(answersBlock(answers))
  if (picture) links.push(pictureLink(base, picture))
  const code = moduleFiles(firstScreenModules(screen.path)).map(
    (file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(base + file)}">`,
  )
  links.push(codeAfterPicture ? codeAfterPictureTemplate(code) : code.join(''))
  // A function, not a string: a string replacement reads `$'`, `$&` in it as patterns, and the
  // answers carry what sellers type.
  const page = html.replace('</head>', () => `${links.join('')}</head>`)
  if (!picture) return page
  return picture.shows === 'gallery'
    ? withGalleryPicture(page, base, picture)
    : withCardPicture(page, base, picture)
}

/**
 * A page the server drew paints with no script, so its code waits until the page's pictures are
 * in (decision 0060): on a slow network the picture then has the bandwidth to itself, and the
 * code, which the page does not need to show itself, follows. Links in a template fetch nothing
 * until the entry moves them into the head.
 */
function codeAfterPictureTemplate(links: string[]) {
  if (links.length === 0) return ''
  return `<template id="${CODE_AFTER_PICTURE_ID}">${links.join('')}</template>`
}

/** The skeleton's main starts here (index.html); the room's picture goes first in it. */
const SKELETON_MAIN = '<main class="main">'
/** The skeleton's first card's picture box (index.html), where the list shows its first picture. */
const SKELETON_CARD_MEDIA = '<div class="boot-media"></div>'

/**
 * The room's first picture painted before any script, in the gallery's box under the back link's
 * line. No text: the page does not know the reader's language, and the title's height is the
 * app's to lay out.
 */
function withGalleryPicture(html: string, base: string, picture: FirstPicture) {
  const img = skeletonImg(base, picture)
  return html.replace(
    SKELETON_MAIN,
    () => `${SKELETON_MAIN}<div class="boot-back"></div><div class="boot-gallery">${img}</div>`,
  )
}

/**
 * The list's first picture painted before any script, in the skeleton's first card: on phones
 * the list's head has rows of fixed height, so that box is where the first card shows it
 * (decision 0046). Wider screens lay out columns and hide it (src/styles/shell.css).
 */
function withCardPicture(html: string, base: string, picture: FirstPicture) {
  const img = skeletonImg(base, picture)
  return html.replace(SKELETON_CARD_MEDIA, () => `<div class="boot-media">${img}</div>`)
}

/** The `<img>` with the app's own `srcset` and `sizes`: the browser picks the copy the preload fetched. */
function skeletonImg(base: string, picture: FirstPicture) {
  const { src, srcset, sizes } = pictureSources(base, picture)
  const responsive = srcset ? ` srcset="${srcset}" sizes="${sizes}"` : ''
  return `<img src="${src}"${responsive} width="640" height="480" alt="" fetchpriority="high">`
}

function pictureLink(base: string, picture: FirstPicture): string {
  const { src, srcset, sizes } = pictureSources(base, picture)
  if (!srcset) return `<link rel="preload" href="${src}" as="image" fetchpriority="high">`
  return `<link rel="preload" as="image" href="${src}" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high">`
}

/** The picture's address, copies and sizes as the app's `<img>` names them, escaped for an attribute. */
function pictureSources(base: string, { picture, sizes }: FirstPicture) {
  return {
    src: escapeAttribute(base + picture.url),
    srcset:
      picture.widths.length > 0
        ? escapeAttribute(pictureSrcset(picture, (u) => base + u))
        : undefined,
    sizes: escapeAttribute(sizes),
  }
}
