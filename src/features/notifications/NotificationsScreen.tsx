import { useIsMutating, useQueryClient } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useCurrency } from '../../api/config'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore } from '../../components/LoadMore'
import { NothingSaved } from '../../components/NothingSaved'
import { QueryErrorState } from '../../components/QueryErrorState'
import { SavedAge } from '../../components/SavedAge'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { dateTimeFormat } from '../../i18n/intl'
import { useOnline } from '../../offline/online'
import { SignInPrompt } from '../auth'
import { unreadCount, useNotifications } from './api'
import { MARK_READ_KEY } from './mark-read'
import { useMarkRead } from './use-mark-read'
import { isOrderNotice, notificationDetail, notificationPath, notificationTitle } from './text'

/** `/notifications`: newest first, unread marked; mark read works offline (queued). */
export default function NotificationsScreen() {
  const { t, lang, formatMoney } = useT()
  const online = useOnline()
  const client = useQueryClient()
  const currency = useCurrency()
  const query = useNotifications()
  const markRead = useMarkRead(client)
  // Mark-read is queued offline (docs/product.md §6): say that it is not on the server yet.
  const queuedReads = useIsMutating({
    mutationKey: MARK_READ_KEY,
    predicate: (m) => m.state.isPaused,
  })
  useDocumentTitle(t('notifications.title'))
  const { data } = query

  let body
  if (query.isPending) {
    body = online ? <Loading label={t('app.loading')} /> : <NothingSaved />
  } else if (!data) {
    const unauthenticated =
      query.error && 'status' in query.error && (query.error as { status: number }).status === 401
    body = unauthenticated ? (
      <SignInPrompt title={t('notifications.signIn')} />
    ) : (
      <QueryErrorState query={query} title={t('notifications.errorTitle')} />
    )
  } else {
    const items = data.pages.flatMap((p) => p.items)
    const unreadIds = items.filter((n) => !n.readAt).map((n) => n.id)
    body = (
      <>
        <SavedAge at={query.dataUpdatedAt} failed={query.isError} />
        {queuedReads > 0 ? <p className="small muted">{t('offline.queued')}</p> : null}
        {unreadIds.length > 0 ? (
          <div className="screen-actions">
            <Button variant="secondary" onClick={() => markRead.mutate({ ids: unreadIds })}>
              {t('notifications.markAll')}
            </Button>
          </div>
        ) : null}
        {items.length === 0 ? (
          <EmptyState title={t('notifications.emptyTitle')}>
            <p>{t('notifications.emptyBody')}</p>
          </EmptyState>
        ) : (
          <ul className="notification-list" role="list">
            {items.map((n) => {
              const detail = notificationDetail(n, t, formatMoney, currency)
              const path = notificationPath(n)
              return (
                <li
                  key={n.id}
                  className={n.readAt ? 'notification' : 'notification notification-unread'}
                >
                  <div>
                    <p className="notification-title">
                      {!n.readAt ? (
                        <span
                          className="unread-dot"
                          aria-label={t('notifications.unread')}
                          role="img"
                        />
                      ) : null}
                      {notificationTitle(n, t, formatMoney, currency)}
                    </p>
                    {detail ? <p className="small muted">{detail}</p> : null}
                    <p className="small muted">
                      <time dateTime={n.createdAt}>
                        {dateTimeFormat(lang, {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        }).format(new Date(n.createdAt))}
                      </time>
                      {path ? (
                        <>
                          {' · '}
                          <Link
                            href={path}
                            onClick={() =>
                              !n.readAt ? markRead.mutate({ ids: [n.id] }) : undefined
                            }
                          >
                            {isOrderNotice(n)
                              ? t('notifications.openOrder')
                              : t('notifications.open')}
                          </Link>
                        </>
                      ) : null}
                    </p>
                  </div>
                  {!n.readAt ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      onClick={() => markRead.mutate({ ids: [n.id] })}
                    >
                      {t('notifications.markRead')}
                    </button>
                  ) : null}
                </li>
              )
            })}
          </ul>
        )}
        <LoadMore query={query} online={online} />
      </>
    )
  }

  return (
    <div className="notifications">
      <h1>
        {t('notifications.title')}
        {data && unreadCount(data) > 0 ? (
          <span className="count-badge">{t('nav.unread', { count: unreadCount(data) })}</span>
        ) : null}
      </h1>
      {body}
    </div>
  )
}
