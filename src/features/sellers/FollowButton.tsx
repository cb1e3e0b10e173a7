import { useId } from 'react'
import { Link, useLocation } from 'wouter'
import { Button } from '../../components/Button'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { useFollowSeller } from './api'

/**
 * Follow / Following a seller (issue 34): followers hear when a show of theirs is about to start.
 * A guest gets a sign-in link that comes back here; a seller never follows themselves.
 */
export function FollowButton({
  sellerId,
  following,
  followers,
  signedIn,
  own = false,
}: {
  sellerId: string
  following: boolean
  /** Shown next to the button when known. */
  followers?: number
  signedIn: boolean
  own?: boolean
}) {
  const { t, lang } = useT()
  const online = useOnline()
  const [location] = useLocation()
  const follow = useFollowSeller(sellerId)
  const reasonId = useId()
  const count =
    followers === undefined ? null : (
      <span className="muted small" data-testid="followers">
        {t('follow.followers', { count: followers })}
      </span>
    )
  if (own) return count
  return (
    <div className="follow">
      {signedIn ? (
        <Button
          variant={following ? 'secondary' : 'primary'}
          aria-pressed={following}
          pending={follow.isPending}
          disabled={!online}
          disabledReason={t('follow.offline')}
          reasonId={reasonId}
          onClick={() => follow.mutate(!following)}
        >
          {following ? t('follow.following') : t('follow.follow')}
        </Button>
      ) : (
        <Link className="btn btn-secondary" href={`/sign-in?next=${encodeURIComponent(location)}`}>
          {t('follow.signIn')}
        </Link>
      )}{' '}
      {count}
      {follow.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(follow.error, lang)}
        </p>
      ) : null}
    </div>
  )
}
