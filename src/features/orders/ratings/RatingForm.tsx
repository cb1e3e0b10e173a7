import { useId, useState, type FormEvent } from 'react'
import {
  commentLength,
  commentProblem,
  RATING_COMMENT_MAX_LENGTH,
  RATING_SCORES,
  type Rating,
  type RatingScore,
} from '../../../../common/orders/ratings'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useRateOrder } from './api'

/**
 * The rating form: three choices as a radio group and an optional one-paragraph comment with its
 * count, checked by the same rules as the API (common/orders/ratings.ts).
 */
export function RatingForm({
  orderId,
  ratesSeller,
  current,
  onDone,
  onCancel,
}: {
  orderId: string
  /** True when the buyer rates the seller; false when the seller rates the buyer. */
  ratesSeller: boolean
  /** My rating being changed; undefined for a first rating. */
  current?: Rating
  onDone: (changed: boolean) => void
  onCancel?: () => void
}) {
  const { t, lang } = useT()
  const id = useId()
  const online = useOnline()
  const rate = useRateOrder(orderId)
  const [score, setScore] = useState<RatingScore | null>(current?.score ?? null)
  const [comment, setComment] = useState(current?.comment ?? '')
  const [tried, setTried] = useState(false)
  const problem = commentProblem(comment)
  const commentError =
    problem === 'too_long'
      ? t('rating.err.tooLong', { max: RATING_COMMENT_MAX_LENGTH })
      : problem === 'not_one_paragraph'
        ? t('rating.err.paragraph')
        : null
  const scoreError = tried && !score ? t('rating.err.score') : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!score || problem) return
    rate.mutate({ score, comment: comment.trim() }, { onSuccess: () => onDone(Boolean(current)) })
  }
  return (
    <form className="rating-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(ratesSeller ? 'rating.titleSeller' : 'rating.titleBuyer')}</h3>
      <fieldset
        className={scoreError ? 'field field-invalid' : 'field'}
        aria-describedby={scoreError ? `${id}-score-error` : undefined}
      >
        <legend>{t('rating.score')}</legend>
        <div className="rating-choices">
          {RATING_SCORES.map((choice) => (
            <label key={choice} className={`rating-choice score-${choice}`}>
              <input
                type="radio"
                name={`${id}-score`}
                value={choice}
                checked={score === choice}
                onChange={() => setScore(choice)}
              />{' '}
              {t(`rating.score.${choice}`)}
            </label>
          ))}
        </div>
        {scoreError ? (
          <p className="field-error" id={`${id}-score-error`}>
            {scoreError}
          </p>
        ) : null}
      </fieldset>
      <div className={commentError ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-comment`}>{t('rating.comment')}</label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={`${id}-count${commentError ? ` ${id}-comment-error` : ''}`}
        />
        <p className="muted small" id={`${id}-count`} aria-live="polite">
          {t('rating.commentCount', {
            count: commentLength(comment),
            max: RATING_COMMENT_MAX_LENGTH,
          })}
        </p>
        {commentError ? (
          <p className="field-error" id={`${id}-comment-error`}>
            {commentError}
          </p>
        ) : null}
      </div>
      <div className="rating-actions">
        <Button
          type="submit"
          pending={rate.isPending}
          disabled={!online}
          disabledReason={t('rating.offline')}
          reasonId={`${id}-offline`}
        >
          {t(current ? 'rating.save' : 'rating.send')}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('rating.cancelEdit')}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        {rate.error ? (
          <p className="field-error" role="alert">
            {errorMessage(rate.error, lang)}
          </p>
        ) : null}
      </div>
    </form>
  )
}
