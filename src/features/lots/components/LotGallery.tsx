import { useRef, useState, type KeyboardEvent } from 'react'
import { GALLERY_PICTURE_SIZES, type LotPicture } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { pictureSrc, responsiveImage, thumbnailSrc } from './LotCardMedia'
import './pictures.css'

/**
 * The lot room's pictures (decision 0024): a scroll-snap strip — a finger swipes it natively —
 * with previous/next buttons, the left and right arrow keys, a thumbnail strip, and a full-size
 * view in a native modal <dialog> (tap or "Zoom in" for 2× with panning, pinch where the device
 * allows). Lives in the room's lazy chunk only.
 */
export function LotGallery({
  title,
  pictures,
}: {
  title: string
  pictures: readonly LotPicture[]
}) {
  const { t } = useT()
  const viewport = useRef<HTMLDivElement>(null)
  const dialog = useRef<HTMLDialogElement>(null)
  const [index, setIndex] = useState(0)
  const [zoomed, setZoomed] = useState(false)
  // The full-size view's picture is the original file: fetched only once the view opens, not with
  // the room, where it competed with the gallery's first picture (decision 0031).
  const [viewing, setViewing] = useState(false)
  const count = pictures.length
  const current = Math.max(0, Math.min(index, count - 1))

  // Pictures removed while the room is open: `current` stays within what is left.

  if (count === 0) return null

  const go = (to: number) => {
    const next = Math.max(0, Math.min(to, count - 1))
    setIndex(next)
    const el = viewport.current
    el?.scrollTo?.({ left: next * el.clientWidth, behavior: 'instant' })
  }

  const onKeyDown = (event: KeyboardEvent) => {
    // In the zoomed picture the arrow keys pan it (the stage scrolls), not change pictures.
    if (zoomed && (event.target as Element).closest?.('.picture-zoom-stage')) return
    if (event.key === 'ArrowLeft') go(current - 1)
    else if (event.key === 'ArrowRight') go(current + 1)
    else return
    event.preventDefault()
  }

  const onScroll = () => {
    const el = viewport.current
    if (!el || el.clientWidth === 0) return
    const seen = Math.round(el.scrollLeft / el.clientWidth)
    if (seen !== current && seen >= 0 && seen < count) setIndex(seen)
  }

  const open = () => {
    setZoomed(false)
    setViewing(true)
    dialog.current?.showModal?.()
  }
  const close = () => dialog.current?.close?.()
  // Offline, an original never viewed before is not in the service worker's cache: the copy the
  // slide shows is, so the full-size view shows that rather than a broken picture.
  const showSlideCopy = (img: HTMLImageElement) => {
    const slide = viewport.current?.querySelectorAll('img')[current]
    const copy = slide?.currentSrc
    if (copy && img.src !== copy) img.src = copy
  }
  const alt = (n: number) => t('pictures.alt', { title, n, count })
  const picture = pictures[current]!

  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={t('gallery.label', { title })}
      onKeyDown={onKeyDown}
      data-testid="gallery"
    >
      <div
        className="gallery-viewport"
        ref={viewport}
        onScroll={onScroll}
        data-testid="gallery-viewport"
      >
        {pictures.map((p, i) => (
          <button
            key={p.id}
            type="button"
            className="gallery-slide"
            aria-label={t('gallery.zoom', { n: i + 1 })}
            tabIndex={i === current ? 0 : -1}
            onClick={() => {
              setIndex(i)
              open()
            }}
          >
            <img
              {...responsiveImage(p, GALLERY_PICTURE_SIZES)}
              alt={alt(i + 1)}
              width={640}
              height={480}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          </button>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="gallery-arrow gallery-prev"
            aria-label={t('gallery.previous')}
            disabled={current === 0}
            onClick={() => go(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="gallery-arrow gallery-next"
            aria-label={t('gallery.next')}
            disabled={current === count - 1}
            onClick={() => go(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
          <p className="gallery-position" aria-live="polite" data-testid="gallery-position">
            {t('gallery.position', { n: current + 1, count })}
          </p>
          <ul className="gallery-thumbs">
            {pictures.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="gallery-thumb"
                  aria-label={t('gallery.show', { n: i + 1 })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                >
                  <img src={thumbnailSrc(p)} alt="" width={64} height={48} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <dialog
        ref={dialog}
        className="picture-zoom"
        aria-label={alt(current + 1)}
        data-testid="picture-zoom"
        onClose={() => {
          setZoomed(false)
          setViewing(false)
        }}
      >
        <div className="picture-zoom-bar">
          <button type="button" className="btn btn-secondary" onClick={close}>
            {t('gallery.close')}
          </button>
          <span className="picture-zoom-position" aria-live="polite">
            {t('gallery.position', { n: current + 1, count })}
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            aria-pressed={zoomed}
            onClick={() => setZoomed((z) => !z)}
            data-testid="zoom-toggle"
          >
            {zoomed ? t('gallery.zoomOut') : t('gallery.zoomIn')}
          </button>
        </div>
        {/* Previous and next sit on the picture's sides, large and outlined: one toolbar line
            even on a 390 px phone, and arrows a thumb finds (issue 32). */}
        {count > 1 ? (
          <>
            <button
              type="button"
              className="picture-zoom-arrow picture-zoom-prev"
              aria-label={t('gallery.previous')}
              disabled={current === 0}
              onClick={() => go(current - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="picture-zoom-arrow picture-zoom-next"
              aria-label={t('gallery.next')}
              disabled={current === count - 1}
              onClick={() => go(current + 1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
        <div
          className={zoomed ? 'picture-zoom-stage zoomed' : 'picture-zoom-stage'}
          data-testid="zoom-stage"
          // Scrollable when zoomed: focusable, so the keyboard can pan it.
          tabIndex={0}
          role="group"
          aria-label={alt(current + 1)}
        >
          {/* Tapping the picture zooms too; the button above is the keyboard's way. */}
          {viewing ? (
            <img
              key={picture.id}
              src={pictureSrc(picture.url)}
              alt={alt(current + 1)}
              onClick={() => setZoomed((z) => !z)}
              onError={(event) => showSlideCopy(event.currentTarget)}
            />
          ) : null}
        </div>
      </dialog>
    </section>
  )
}
