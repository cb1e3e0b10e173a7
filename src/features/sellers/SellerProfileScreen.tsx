import { Link, useParams } from 'wouter'
import {
  positivePercent,
  type ProfileRating,
  type SellerProfile,
} from '../../../common/orders/ratings'
import { isUuid } from '../../../common/wire'
import { isApiError } from '../../api/errors'
import { useCurrency } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { NothingSaved } from '../../components/NothingSaved'
import { QueryErrorState } from '../../components/QueryErrorState'
import { SavedAge } from '../../components/SavedAge'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { dateTimeFormat } from '../../i18n/intl'
import { useOnline } from '../../offline/online'
import { useMe } from '../auth'
import { LotCard } from '../lots'
import { useSellerProfile } from './api'
import { FollowButton } from './FollowButton'
import { RemoveRating } from './RemoveRating'
import { ScoreMark } from './ScoreMark'
import './sellers.css'

/**
 * `/sellers/:id`: a seller's public profile (issue 29) — who they are, their completed sales, the
 * share of positive ratings over 12 months, their latest ratings and their open lots. Anyone may
 * read it; admins may remove a rating from here.
 */
export default function SellerProfileScreen() {
  const { t } = useT()
  const { id = '' } = useParams<{ id: string }>()
  const query = useSellerProfile(id)
  const online = useOnline()
  const profile = query.data
  useDocumentTitle(profile ? profile.name : t('sellerProfile.title'))
  const back = (
    <p className="back">
      <Link href="/">← {t('seller.back')}</Link>
    </p>
  )
  if (!profile) {
    const gone = !isUuid(id) || (isApiError(query.error) && query.error.status === 404)
    return (
      <div className="seller-screen">
        {back}
        {gone ? (
          <EmptyState title={t('seller.notFound')}>
            <p>{t('seller.notFoundBody')}</p>
          </EmptyState>
        ) : query.isError ? (
          <QueryErrorState query={query} title={t('seller.errorTitle')} />
        ) : !online ? (
          <NothingSaved />
        ) : (
          <Loading label={t('sellerProfile.loading')} />
        )}
      </div>
    )
  }
  return (
    <div className="seller-screen">
      <div className="lot-top">
        {back}
        <SavedAge at={query.dataUpdatedAt} failed={query.isError} liveData={false} />
      </div>
      <SellerSummary profile={profile} />
      <RecentRatings ratings={profile.recentRatings} />
      <OpenLots profile={profile} />
    </div>
  )
}

function SellerSummary({ profile }: { profile: SellerProfile }) {
  const { t, lang } = useT()
  const me = useMe().data ?? null
  const since = dateTimeFormat(lang, { month: 'long', year: 'numeric' })
  const percent = positivePercent(profile.positiveShare)
  return (
    <header className="panel seller-head" data-testid="seller-summary">
      <h1>{profile.name}</h1>
      <p className="muted">
        {t('seller.memberSince', { date: since.format(new Date(profile.memberSince)) })}
      </p>
      <dl className="seller-numbers">
        <div>
          <dt className="visually-hidden">{t('sellerProfile.title')}</dt>
          <dd data-testid="seller-sales">
            {t('seller.completedSales', { count: profile.completedSales })}
          </dd>
        </div>
        <div>
          <dt className="visually-hidden">{t('seller.ratingsTitle')}</dt>
          <dd data-testid="seller-share">
            {percent === null ? (
              t('seller.noRecentRatings')
            ) : (
              <>
                <strong>{t('seller.positiveShare', { percent })}</strong>{' '}
                <span className="muted small">
                  {t('seller.ratingCount', { count: profile.ratingCount })}
                </span>
              </>
            )}
          </dd>
        </div>
      </dl>
      <FollowButton
        sellerId={profile.id}
        following={profile.following}
        followers={profile.followers}
        signedIn={Boolean(me)}
        own={me?.id === profile.id}
      />
    </header>
  )
}

function RecentRatings({ ratings }: { ratings: ProfileRating[] }) {
  const { t, lang } = useT()
  const isAdmin = useMe().data?.role === 'admin'
  const date = dateTimeFormat(lang, { dateStyle: 'medium' })
  return (
    <section className="panel" aria-labelledby="seller-ratings-h">
      <h2 id="seller-ratings-h">{t('seller.ratingsTitle')}</h2>
      {ratings.length === 0 ? (
        <EmptyState title={t('seller.noRatings')} headingLevel={3}>
          <p>{t('seller.noRatingsBody')}</p>
        </EmptyState>
      ) : (
        <ul className="seller-ratings" role="list">
          {ratings.map((rating) => (
            <li key={rating.id} className="seller-rating">
              <p>
                <ScoreMark score={rating.score} />
              </p>
              <p className={rating.comment ? 'seller-rating-comment' : 'muted'}>
                {rating.comment || t('seller.noComment')}
              </p>
              <p className="muted small">
                {t('seller.ratedBy', {
                  name: rating.raterName,
                  date: date.format(new Date(rating.createdAt)),
                })}
              </p>
              {isAdmin ? <RemoveRating ratingId={rating.id} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function OpenLots({ profile }: { profile: SellerProfile }) {
  const { t } = useT()
  const currency = useCurrency()
  return (
    <section aria-labelledby="seller-lots-h">
      <h2 id="seller-lots-h">{t('seller.lotsTitle')}</h2>
      {profile.openLots.length === 0 ? (
        <p className="muted">{t('seller.noLots')}</p>
      ) : (
        <ul className="lot-grid" role="list">
          {profile.openLots.map((lot) => (
            <li key={lot.id}>
              <LotCard lot={lot} currency={currency} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
