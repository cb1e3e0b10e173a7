import { useId, useState } from 'react'
import { ENDED_STATUSES, LOT_PICTURES_MAX, type LotSummary } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useAddLotPicture, useRemoveLotPicture, useReorderLotPictures } from '../api'
import { pictureProblem } from '../create-lot-form'
import { thumbnailSrc } from './LotCardMedia'
import { moved, PictureOrderList } from './PictureOrderList'
import './pictures.css'

/** Pictures can change only before the first bid, while the lot has not ended (decision 0024). */
export const picturesEditable = (lot: Pick<LotSummary, 'bidCount' | 'status'>) =>
  lot.bidCount === 0 && !ENDED_STATUSES.includes(lot.status)

/**
 * The seller's pictures of their own lot: add (several at once, sent one after the other), move
 * earlier or later, remove — each change sent at once and answered with the lot's new summary,
 * which the caches take (the room's gallery follows). For the seller panel's edit mode.
 */
export function LotPicturesEditor({ lot }: { lot: LotSummary }) {
  const { t, lang } = useT()
  const id = useId()
  const online = useOnline()
  const add = useAddLotPicture()
  const remove = useRemoveLotPicture()
  const reorder = useReorderLotPictures()
  const [status, setStatus] = useState('')
  const [error, setError] = useState<string | null>(null)
  const pending = add.isPending || remove.isPending || reorder.isPending
  const editable = picturesEditable(lot)
  const pictures = lot.pictures
  const room = LOT_PICTURES_MAX - pictures.length

  const fail = (e: unknown) => setError(errorMessage(e, lang))

  const addFiles = async (files: File[]) => {
    setError(null)
    setStatus('')
    // Checked when chosen with the server's own rule; each refused file is named with why.
    const problems: string[] = []
    const acceptable = files.filter((f) => {
      const problem = pictureProblem(f, t, lang)
      if (problem) problems.push(problem)
      return problem === null
    })
    const sending = acceptable.slice(0, Math.max(0, room))
    if (acceptable.length > sending.length)
      problems.push(t('pictures.tooMany', { max: LOT_PICTURES_MAX }))
    if (problems.length > 0) setError(problems.join(' '))
    let added = 0
    for (const file of sending) {
      try {
        await add.mutateAsync({ id: lot.id, file })
        added++
      } catch (e) {
        problems.push(`${file.name}: ${errorMessage(e, lang)}`)
        setError(problems.join(' '))
        break
      }
    }
    if (added > 0) setStatus(t('pictures.added', { count: added }))
  }

  const move = (from: number, to: number) => {
    setError(null)
    const ids = moved(
      pictures.map((p) => p.id),
      from,
      to,
    )
    reorder.mutate(
      { id: lot.id, pictureIds: ids },
      { onSuccess: () => setStatus(t('pictures.moved', { n: to + 1 })), onError: fail },
    )
  }

  const removeAt = (index: number) => {
    setError(null)
    const picture = pictures[index]
    if (!picture) return
    remove.mutate(
      { id: lot.id, pictureId: picture.id },
      { onSuccess: () => setStatus(t('pictures.removed')), onError: fail },
    )
  }

  return (
    <section className="pictures-editor" aria-labelledby={`${id}-h`} data-testid="pictures-editor">
      <h3 id={`${id}-h`}>
        {t('pictures.heading')}{' '}
        <span className="muted small">
          ({t('pictures.count', { count: pictures.length, max: LOT_PICTURES_MAX })})
        </span>
      </h3>
      {!editable ? <p className="muted">{t('pictures.locked')}</p> : null}
      {editable && pictures.length === 0 ? <p className="muted">{t('pictures.empty')}</p> : null}
      <PictureOrderList
        title={lot.title}
        pictures={pictures.map((p) => ({ key: p.id, src: thumbnailSrc(p) }))}
        disabled={!editable || !online || pending}
        onMove={move}
        onRemove={removeAt}
      />
      {editable ? (
        <div className="field picture-add">
          <label htmlFor={`${id}-file`}>{t('pictures.add')}</label>
          <input
            id={`${id}-file`}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            disabled={!online || pending || room <= 0}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? [])
              event.currentTarget.value = ''
              if (files.length > 0) void addFiles(files)
            }}
          />
          <p id={`${id}-hint`} className="field-hint">
            {!online
              ? t('pictures.offline')
              : room <= 0
                ? t('pictures.full')
                : pending && add.isPending
                  ? // Sent again after the server said it was busy (useAddLotPicture).
                    add.failureCount > 0
                    ? t('pictures.busyRetrying')
                    : t('pictures.adding')
                  : t('create.imageHint')}
          </p>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  )
}
