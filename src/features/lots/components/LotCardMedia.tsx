import {
  CARD_PICTURE_SIZES,
  pictureSrcset,
  variantUrl,
  type LotPicture,
} from '../../../../common/auction'
import { useT } from '../../../i18n'
import './pictures.css'

/** Where a picture lives: uploads are served under the app's base (the service worker keeps them). */
export const pictureSrc = (url: string) => `${import.meta.env.BASE_URL}${url}`

/**
 * `src`, `srcSet` and `sizes` for a picture shown `sizes` wide (decision 0031): the browser picks
 * the smallest WebP copy that fills the box at the screen's density; `src` (the original) is only
 * for pictures stored before copies were made.
 */
export function responsiveImage(picture: LotPicture, sizes: string) {
  if (picture.widths.length === 0) return { src: pictureSrc(picture.url) }
  return { src: pictureSrc(picture.url), srcSet: pictureSrcset(picture, pictureSrc), sizes }
}

/** The smallest copy, for thumbnails (the original when there is none). */
export const thumbnailSrc = (picture: LotPicture) =>
  pictureSrc(picture.widths[0] ? variantUrl(picture.url, picture.widths[0]) : picture.url)

/** The designed stand-in for a lot without pictures: a framed-picture mark and "No picture". */
export function PicturePlaceholder({ className = '' }: { className?: string }) {
  const { t } = useT()
  return (
    <div className={`picture-placeholder ${className}`.trim()} data-testid="picture-placeholder">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <rect
          x="5"
          y="9"
          width="38"
          height="30"
          rx="4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <circle cx="17" cy="19" r="4" fill="currentColor" />
        <path
          d="M8 36l11-11 7 7 5-5 11 9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      </svg>
      <span>{t('pictures.none')}</span>
    </div>
  )
}

/**
 * A card's media: the cover at a fixed 4:3 (cropped with object-fit), or the placeholder in the
 * same box — every card in a grid row has the same media height, with or without a picture.
 */
export function LotCardMedia({
  picture,
  priority = false,
}: {
  /** The lot's cover, if it has one. */
  picture: LotPicture | undefined
  /** Above the fold and likely the largest paint: eager, high priority, decoded with the page. */
  priority?: boolean
}) {
  return (
    <div className="lot-card-media" data-testid="lot-card-media">
      {picture ? (
        <img
          {...responsiveImage(picture, CARD_PICTURE_SIZES)}
          // The title next to it names the lot; the picture adds nothing a screen reader needs.
          alt=""
          width={640}
          height={480}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'auto' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
      ) : (
        <PicturePlaceholder />
      )}
    </div>
  )
}
