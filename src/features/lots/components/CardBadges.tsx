import { Link, useLocation, useSearch } from 'wouter'
import type { LotSummary, MyLotStatus } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { useWatchToggle } from '../watch-toggle'

const HEART = 'M12 21s-7-4.4-9.3-9A5.3 5.3 0 0 1 12 6.3 5.3 5.3 0 0 1 21.3 12C19 16.6 12 21 12 21z'

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="card-heart-icon">
      <path
        d={HEART}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * What a list card says about me (issue 32), laid over its picture so it never moves the card
 * when it arrives: "You're leading" / "Outbid" on lots I bid on, and a heart that watches the lot
 * without opening it (a guest's heart leads to sign-in and back). `signedIn` undefined: not known
 * yet, nothing shown.
 */
export function CardBadges({
  lot,
  signedIn,
  watching,
  standing,
}: {
  lot: Pick<LotSummary, 'id' | 'title'>
  signedIn: boolean | undefined
  watching: boolean | undefined
  standing: MyLotStatus | undefined
}) {
  const { t } = useT()
  const [location] = useLocation()
  const search = useSearch()
  const toggle = useWatchToggle()
  const chip = standing === 'leading' || standing === 'outbid' ? standing : null
  let heart = null
  if (signedIn === false) {
    const next = encodeURIComponent(search ? `${location}?${search}` : location)
    heart = (
      <Link
        href={`/sign-in?next=${next}`}
        className="card-heart"
        aria-label={t('card.watchSignIn', { title: lot.title })}
      >
        <Heart filled={false} />
      </Link>
    )
  } else if (signedIn && watching !== undefined) {
    heart = (
      <button
        type="button"
        className="card-heart"
        aria-pressed={watching}
        aria-label={t('card.watch', { title: lot.title })}
        onClick={() => toggle.mutate({ lotId: lot.id, watching: !watching })}
      >
        <Heart filled={watching} />
      </button>
    )
  }
  if (!chip && !heart) return null
  return (
    <div className="card-badges">
      {chip ? (
        <span className={`card-chip card-chip-${chip}`} data-testid="card-standing">
          {t(chip === 'leading' ? 'card.leading' : 'card.outbid')}
        </span>
      ) : (
        <span />
      )}
      {heart}
    </div>
  )
}
