import { unreadCount, useNotifications } from '../features/notifications/api'
import { useT } from '../i18n'
import { NavLink } from './NavLink'

/** Notifications with the unread count (patched live by the bridge, no polling). */
export default function NotificationsNavLink({ className }: { className?: string }) {
  const { t } = useT()
  const count = unreadCount(useNotifications().data)
  return (
    <NavLink href="/notifications" icon="bell" className={className}>
      <span className="nav-label">{t('nav.notifications')}</span>
      {count > 0 ? (
        <span className="nav-badge" data-testid="unread-badge">
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          <span className="visually-hidden">{t('nav.unread', { count })}</span>
        </span>
      ) : null}
    </NavLink>
  )
}
