import type { PublicUser } from '../../common/accounts'
import { optionalLazy } from '../components/optional-lazy'
import { loadMoreMessages, useT } from '../i18n'
import { NavLink } from './NavLink'

/**
 * What the header shows a signed-in member only: a chunk of its own, which a guest's first visit
 * never downloads (src/app/member-nav.ts, decision 0045).
 */

/** The wallet link; its amount arrives with its chunk, until then the link is there without it. */
const WalletLink = optionalLazy(
  () => import('./WalletNavLink'),
  () => <PlainWalletLink />,
)

/** The notifications link; its unread badge arrives with its chunk. */
const NotificationsLink = optionalLazy(
  () => import('./NotificationsNavLink'),
  ({ className }) => <PlainNotificationsLink className={className} />,
)

// Alerts on a closed app (decision 0032): re-registers this browser's subscription after the load.
const PushSync = optionalLazy(() => import('../features/push/PushSync'))
const NotificationToasts = optionalLazy(() =>
  Promise.all([import('../features/notifications/NotificationToasts'), loadMoreMessages()]).then(
    ([m]) => ({ default: m.NotificationToasts }),
  ),
)

function PlainWalletLink() {
  const { t } = useT()
  return (
    <NavLink href="/wallet" icon="wallet">
      {t('nav.wallet')}
    </NavLink>
  )
}

function PlainNotificationsLink({ className }: { className?: string }) {
  const { t } = useT()
  return (
    <NavLink href="/notifications" icon="bell" className={className}>
      <span className="nav-label">{t('nav.notifications')}</span>
    </NavLink>
  )
}

/** The main navigation's links for a member, after "Lots". */
export function MemberLinks({ me }: { me: PublicUser }) {
  const { t } = useT()
  return (
    <>
      <NavLink href="/watchlist" icon="watchlist">
        {t('nav.watchlist')}
      </NavLink>
      <NavLink href="/me/bids" icon="bids">
        {t('nav.myBids')}
      </NavLink>
      <NotificationsLink className="nav-notifications" />
      <WalletLink userId={me.id} />
      <NavLink href="/account" icon="account" className="nav-account">
        {t('nav.account')}
      </NavLink>
      {me.role === 'admin' ? (
        <NavLink href="/admin" icon="admin">
          {t('nav.admin')}
        </NavLink>
      ) : null}
    </>
  )
}

/**
 * Phones: notifications and the account move from the tab bar to icons in the header, so the
 * tab bar's labels (Shows among them) keep room enough at 360 px, in Spanish too.
 */
export function MemberBell() {
  const { t } = useT()
  return (
    <>
      <NotificationsLink className="header-bell" />
      <NavLink href="/account" icon="account" className="header-account">
        <span className="nav-label">{t('nav.account')}</span>
      </NavLink>
    </>
  )
}

/** A member's live alerts on screen and this browser's push subscription, after the load. */
export function MemberAlerts({ userId }: { userId: string }) {
  return (
    <>
      <NotificationToasts />
      <PushSync userId={userId} />
    </>
  )
}
