import { useEffect, useId, useRef } from 'react'
import { isOwnMessage, type OrderMessage } from '../../../../common/orders/messages'
import type { Order } from '../../../../common/orders/shapes'
import { Button } from '../../../components/Button'
import { QueryErrorState } from '../../../components/QueryErrorState'
import { Loading } from '../../../components/Spinner'
import { useT, type MessageKey } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { useOnline } from '../../../offline/online'
import { useMarkThreadRead, useOrderMessages } from './api'
import { oldestFirst } from './cache'
import { Composer } from './Composer'
import { authorLabel } from './text'
import { useOutgoingMessages, type OutgoingMessage } from './use-send-message'
import './thread.css'

/**
 * An order's message thread (issue 29), for the order screen: the messages oldest first (earlier
 * pages on demand), the ones still being sent or queued offline, and the message box. What is
 * shown is marked read. Admins write only while the order has a problem.
 */
export function OrderThread({ order }: { order: Order }) {
  const { t } = useT()
  const online = useOnline()
  const headingId = useId()
  const query = useOrderMessages(order.id)
  const outgoing = useOutgoingMessages(order.id)
  const messages = oldestFirst(query.data)
  useMarkShownRead(order, messages)
  const canWrite = order.viewer !== 'admin' || order.state === 'problem'

  let body
  if (query.isPending) {
    body = online ? (
      <Loading label={t('orderMessages.loading')} />
    ) : (
      <p className="muted">{t('orderMessages.nothingSaved')}</p>
    )
  } else if (!query.data) {
    body = <QueryErrorState query={query} title={t('orderMessages.errorTitle')} />
  } else {
    body = (
      <>
        {query.hasNextPage ? (
          <Button
            variant="ghost"
            className="order-thread-earlier"
            onClick={() => void query.fetchNextPage()}
            pending={query.isFetchingNextPage}
            pendingLabel={t('orderMessages.loadingEarlier')}
            disabled={!online}
          >
            {t('orderMessages.earlier')}
          </Button>
        ) : null}
        {messages.length === 0 && outgoing.length === 0 ? (
          <p className="muted order-thread-empty">
            {t(`orderMessages.empty.${order.viewer}` as MessageKey, { title: order.lot.title })}
          </p>
        ) : (
          <ol
            className="order-thread-list"
            aria-label={t('orderMessages.list', { title: order.lot.title })}
            aria-live="polite"
          >
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} order={order} />
            ))}
            {outgoing.map((m) => (
              <OutgoingItem key={`out-${m.id}`} message={m} />
            ))}
          </ol>
        )}
      </>
    )
  }

  return (
    <section className="order-thread" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('orderMessages.title')}</h2>
      {body}
      {canWrite ? (
        <Composer order={order} />
      ) : (
        <p className="small muted">{t('orderMessages.adminClosed')}</p>
      )}
    </section>
  )
}

function MessageItem({ message, order }: { message: OrderMessage; order: Order }) {
  const { t, lang } = useT()
  const mine = isOwnMessage(message, order)
  return (
    <li className={mine ? 'order-message order-message-mine' : 'order-message'}>
      <p className="order-message-meta small muted">
        <span className="order-message-author">{authorLabel(message, order, t)}</span>
        {' · '}
        <time dateTime={message.createdAt}>
          {dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(message.createdAt),
          )}
        </time>
      </p>
      <p className="order-message-body">{message.body}</p>
    </li>
  )
}

function OutgoingItem({ message }: { message: OutgoingMessage }) {
  const { t } = useT()
  return (
    <li className="order-message order-message-mine order-message-outgoing">
      <p className="order-message-meta small muted">
        <span className="order-message-author">{t('orderMessages.you')}</span>
        {' · '}
        <span role="status">
          {message.queued ? t('orderMessages.queued') : t('orderMessages.sending')}
        </span>
      </p>
      <p className="order-message-body">{message.body}</p>
    </li>
  )
}

/**
 * Marks the thread read up to the newest message of others on screen, once per message, while
 * online and the page is visible (a thread in a background tab is not read).
 */
function useMarkShownRead(order: Order, messages: OrderMessage[]) {
  const online = useOnline()
  const markRead = useMarkThreadRead(order.id)
  const marked = useRef(0)
  const newest = messages.filter((m) => !isOwnMessage(m, order)).at(-1)?.id ?? 0
  const { mutate } = markRead
  useEffect(() => {
    if (!online || newest <= marked.current) return
    const mark = () => {
      if (document.visibilityState !== 'visible' || newest <= marked.current) return
      marked.current = newest
      mutate(newest)
    }
    mark()
    document.addEventListener('visibilitychange', mark)
    return () => document.removeEventListener('visibilitychange', mark)
  }, [online, newest, mutate])
}
