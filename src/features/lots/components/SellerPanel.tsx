import { useId, useRef, useState, type FormEvent } from 'react'
import {
  DESCRIPTION_MAX_LENGTH,
  NEXT_STEPS_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  isLineOfText,
  type LotDetail,
} from '../../../../common/auction'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useToast } from '../../../components/Toast'
import { useT, type MessageKey } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useEditLot } from '../api/edit'
import { CancelLot } from './CancelLot'
import { EndLotEarly } from './EndLotEarly'
import { LotPicturesEditor } from './LotPicturesEditor'
import './seller.css'
import './selling.css'

/**
 * The seller's own lot room (decision 0025): instead of a bid form (and of the phone's bid bar),
 * the bids, the reserve, cancel while allowed, and an edit of the text before the first bid.
 * Who watches and the bid history stay in the room's side column, as for everyone.
 */
export function SellerPanel({
  lot,
  format,
  canCancel,
}: {
  lot: LotDetail
  format: (minor: number) => string
  canCancel: boolean
}) {
  const { t } = useT()
  const [editing, setEditing] = useState(false)
  const editable = lot.bidCount === 0 && (lot.status === 'open' || lot.status === 'scheduled')
  const reserve: MessageKey = !lot.hasReserve
    ? 'seller.reserveNone'
    : lot.reserveMet
      ? 'seller.reserveMet'
      : 'seller.reserveNotMet'
  return (
    <section className="panel seller-panel" aria-labelledby="seller-h" data-testid="seller-panel">
      <h2 id="seller-h">{t('seller.title')}</h2>
      <dl className="seller-facts">
        <div>
          <dt>{lot.currentPrice === null ? t('seller.startingAt') : t('seller.price')}</dt>
          <dd>{format(lot.currentPrice ?? lot.startingPrice)}</dd>
        </div>
        <div>
          <dt className="visually-hidden">{t('bid.title')}</dt>
          <dd data-testid="seller-bids">{t('lots.bids', { count: lot.bidCount })}</dd>
        </div>
        <div>
          <dt>{t('seller.reserve')}</dt>
          <dd data-testid="seller-reserve">{t(reserve)}</dd>
        </div>
      </dl>
      {/* One column until 960 px puts the side column below this panel (selling.css). */}
      <p className="muted small seller-hint-below">{t('sell.watchersBelow')}</p>
      <p className="muted small seller-hint-beside">{t('seller.watchersHint')}</p>
      {editing && editable ? (
        <LotEditForm lot={lot} onDone={() => setEditing(false)} />
      ) : (
        <div className="seller-actions">
          {editable ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('seller.edit')}
            </Button>
          ) : (
            <p className="muted small" data-testid="seller-edit-locked">
              {t('seller.editLocked')}
            </p>
          )}
          {lot.status === 'open' && lot.bidCount === 0 ? <EndLotEarly lotId={lot.id} /> : null}
          {canCancel ? <CancelLot lotId={lot.id} /> : null}
        </div>
      )}
    </section>
  )
}

function LotEditForm({ lot, onDone }: { lot: LotDetail; onDone: () => void }) {
  const { t, lang } = useT()
  const online = useOnline()
  const { notify } = useToast()
  const edit = useEditLot(lot.id)
  const formId = useId()
  const titleRef = useRef<HTMLInputElement>(null)
  const [title, setTitle] = useState(lot.title)
  const [description, setDescription] = useState(lot.description)
  const [nextSteps, setNextSteps] = useState(lot.my?.seller?.nextSteps ?? '')
  const [titleError, setTitleError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = title.trim()
    if (trimmed.length < TITLE_MIN_LENGTH || !isLineOfText(trimmed)) {
      setTitleError(t('seller.titleInvalid'))
      titleRef.current?.focus()
      return
    }
    setTitleError(null)
    edit.mutate(
      { title: trimmed, description, nextSteps },
      {
        onSuccess: () => {
          notify({ message: t('seller.saved'), tone: 'success' })
          onDone()
        },
      },
    )
  }

  return (
    <form className="form seller-edit" noValidate onSubmit={submit} aria-labelledby={`${formId}-h`}>
      <h3 id={`${formId}-h`}>{t('seller.editTitle')}</h3>
      <p className="muted small">{t('seller.editHint')}</p>
      <TextField
        ref={titleRef}
        name="title"
        label={t('seller.fieldTitle')}
        value={title}
        maxLength={TITLE_MAX_LENGTH}
        required
        onChange={(e) => setTitle(e.target.value)}
        error={titleError}
      />
      <div className="field">
        <label htmlFor={`${formId}-description`}>{t('seller.fieldDescription')}</label>
        <textarea
          id={`${formId}-description`}
          rows={4}
          value={description}
          maxLength={DESCRIPTION_MAX_LENGTH}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${formId}-next`}>{t('seller.fieldNextSteps')}</label>
        <textarea
          id={`${formId}-next`}
          rows={2}
          value={nextSteps}
          maxLength={NEXT_STEPS_MAX_LENGTH}
          onChange={(e) => setNextSteps(e.target.value)}
        />
      </div>
      <LotPicturesEditor lot={lot} />
      {edit.isError ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(edit.error, lang)}
        </p>
      ) : null}
      <div className="actions">
        <Button
          type="submit"
          pending={edit.isPending}
          pendingLabel={t('seller.saving')}
          disabled={!online}
          disabledReason={t('seller.offline')}
          reasonId={`${formId}-offline`}
        >
          {t('seller.save')}
        </Button>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t('seller.discard')}
        </button>
      </div>
    </form>
  )
}
