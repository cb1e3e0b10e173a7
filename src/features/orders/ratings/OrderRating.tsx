import { useState } from 'react'
import type { Rating } from '../../../../common/orders/ratings'
import type { Order } from '../../../../common/orders/shapes'
import { OfflineNotice } from '../../../components/OfflineNotice'
import { QueryErrorState } from '../../../components/QueryErrorState'
import { Loading } from '../../../components/Spinner'
import { useT, type MessageKey } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { useOnline } from '../../../offline/online'
import { ScoreMark } from '../../sellers'
import { useOrderRatings } from './api'
import { RatingForm } from './RatingForm'

/**
 * The ratings of a completed order (issue 29), for the order screen: the viewer's own rating — a
 * form while they may send it, then what they sent, changeable for a day — and the other side's
 * rating of them. Admins read both sides' and rate neither. Nothing before the order completes.
 */
export function OrderRating({ order }: { order: Order }) {
  const { t } = useT()
  const online = useOnline()
  const completed = order.state === 'completed'
  const query = useOrderRatings(order.id, completed)
  if (!completed) return null
  const ratings = query.data
  return (
    <section className="panel order-rating" aria-labelledby={`rating-h-${order.id}`}>
      <h2 id={`rating-h-${order.id}`}>{t('rating.sectionTitle')}</h2>
      {ratings ? (
        order.viewer === 'admin' ? (
          <AdminRatings all={ratings.all ?? []} />
        ) : (
          <PartyRatings order={order} ratings={ratings} />
        )
      ) : query.isError ? (
        <QueryErrorState query={query} title={t('rating.errorTitle')} />
      ) : !online ? (
        <OfflineNotice>{t('rating.offline')}</OfflineNotice>
      ) : (
        <Loading label={t('rating.loading')} />
      )}
    </section>
  )
}

function PartyRatings({
  order,
  ratings,
}: {
  order: Order
  ratings: NonNullable<ReturnType<typeof useOrderRatings>['data']>
}) {
  const { t, lang } = useT()
  const [editing, setEditing] = useState(false)
  const [done, setDone] = useState<MessageKey | null>(null)
  const date = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' })
  const ratesSeller = order.viewer === 'buyer'
  const { mine, theirs, canRate } = ratings
  const finish = (changed: boolean) => {
    setEditing(false)
    setDone(changed ? 'rating.saved' : 'rating.sent')
  }
  return (
    <>
      {mine && !editing ? (
        <div className="order-rating-mine" data-testid="rating-mine">
          <h3>{t('rating.mine')}</h3>
          <RatingText rating={mine} />
          {mine.removed ? (
            <p className="muted small">{t('rating.mineRemoved')}</p>
          ) : canRate && ratings.editableUntil ? (
            <p className="small">
              {t('rating.editUntil', { date: date.format(new Date(ratings.editableUntil)) })}{' '}
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setDone(null)
                  setEditing(true)
                }}
              >
                {t('rating.edit')}
              </button>
            </p>
          ) : (
            <p className="muted small">{t('rating.locked')}</p>
          )}
        </div>
      ) : canRate ? (
        <>
          {!mine && ratings.rateUntil ? (
            <p className="muted small">
              {t('rating.rateUntil', { date: date.format(new Date(ratings.rateUntil)) })}
            </p>
          ) : null}
          <RatingForm
            orderId={order.id}
            ratesSeller={ratesSeller}
            current={mine ?? undefined}
            onDone={finish}
            onCancel={mine ? () => setEditing(false) : undefined}
          />
        </>
      ) : (
        <p className="muted">{t('rating.closed')}</p>
      )}
      <div aria-live="polite">{done ? <p className="rating-done">{t(done)}</p> : null}</div>
      {theirs ? (
        <div className="order-rating-theirs" data-testid="rating-theirs">
          <h3>{t(ratesSeller ? 'rating.theirsFromSeller' : 'rating.theirsFromBuyer')}</h3>
          <RatingText rating={theirs} />
        </div>
      ) : null}
    </>
  )
}

function AdminRatings({ all }: { all: Rating[] }) {
  const { t } = useT()
  if (all.length === 0) return <p className="muted">{t('rating.none')}</p>
  return (
    <ul className="seller-ratings" role="list">
      {all.map((rating) => (
        <li key={rating.id} className="seller-rating">
          <h3>{t(rating.subjectRole === 'seller' ? 'rating.byBuyer' : 'rating.bySeller')}</h3>
          <RatingText rating={rating} />
        </li>
      ))}
    </ul>
  )
}

/** A rating's score, its comment, who wrote it and when. */
function RatingText({ rating }: { rating: Rating }) {
  const { t, lang } = useT()
  const date = dateTimeFormat(lang, { dateStyle: 'medium' })
  return (
    <>
      <p>
        <ScoreMark score={rating.score} />{' '}
        {rating.removed ? <span className="chip">{t('rating.removedBadge')}</span> : null}
      </p>
      <p className={rating.comment ? 'seller-rating-comment' : 'muted'}>
        {rating.comment || t('seller.noComment')}
      </p>
      <p className="muted small">
        {t('seller.ratedBy', {
          name: rating.author.name,
          date: date.format(new Date(rating.updatedAt)),
        })}
      </p>
    </>
  )
}
