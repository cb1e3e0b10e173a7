import { useT } from '../../../i18n'
import './pictures.css'

export interface OrderedPicture {
  key: string
  src: string
}

/**
 * A seller's pictures in order, the first marked as the cover, each with "earlier", "later" and
 * "remove" buttons (keyboard and screen-reader operable, 44 px targets). Used when listing (files
 * not yet sent) and when editing (pictures on the server).
 */
export function PictureOrderList({
  pictures,
  title,
  disabled = false,
  onMove,
  onRemove,
}: {
  pictures: readonly OrderedPicture[]
  /** The lot's title, for the alt texts. */
  title: string
  disabled?: boolean
  onMove: (from: number, to: number) => void
  onRemove: (index: number) => void
}) {
  const { t } = useT()
  if (pictures.length === 0) return null
  const count = pictures.length
  return (
    <ol className="picture-list" data-testid="picture-list">
      {pictures.map((picture, index) => {
        const n = index + 1
        return (
          <li key={picture.key} data-testid="picture-item">
            <img
              src={picture.src}
              alt={t('pictures.alt', { title: title || t('pictures.heading'), n, count })}
              width={88}
              height={66}
            />
            <span className="picture-list-label">
              {index === 0 ? (
                <span className="picture-list-cover">{t('pictures.cover')}</span>
              ) : (
                `${n}`
              )}
            </span>
            <span className="picture-list-actions">
              <button
                type="button"
                aria-label={t('pictures.moveUp', { n })}
                disabled={disabled || index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                aria-label={t('pictures.moveDown', { n })}
                disabled={disabled || index === count - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <span aria-hidden="true">↓</span>
              </button>
              <button
                type="button"
                aria-label={t('pictures.remove', { n })}
                disabled={disabled}
                onClick={() => onRemove(index)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** The list with one item moved from `from` to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items.slice()
  const next = items.slice()
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}
