import { lotPresenceChannel } from '../../../../common/wire'
import { useT } from '../../../i18n'
import { useLive } from '../../../realtime/live'
import { usePresence } from '../../../realtime/presence'

/**
 * Who is in the lot room now (presence-lot.{id}); aliases only. Signed-in users only. Only while
 * live: a member list kept from before a drop would pretend to be current.
 */
export function Watchers({
  lotId,
  me,
  sellerId,
}: {
  lotId: string
  me: { id: string } | null
  /** The lot's seller: in their own room, never counted or shown as a watching bidder. */
  sellerId?: string
}) {
  const { t } = useT()
  const live = useLive()
  const members = usePresence(me ? lotPresenceChannel(lotId) : null)
  if (!me) return <p className="watchers muted small">{t('lot.watchersSignIn')}</p>
  if (!live) return <p className="watchers muted small">{t('lot.watchersNotLive')}</p>
  if (!members) return <p className="watchers muted small">{t('app.loading')}</p>
  const unique = [
    ...new Map(members.filter((m) => m.id !== sellerId).map((m) => [m.id, m])).values(),
  ]
  return (
    <div className="watchers">
      <p className="small">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="inline-icon">
          <path
            d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
          <circle cx="12" cy="12" r="3" fill="currentColor" />
        </svg>{' '}
        {t('lot.watchers', { count: unique.length })}
      </p>
      {unique.length > 0 ? (
        <ul className="watcher-list">
          {unique.map((m) => (
            <li key={m.id} className="chip">
              {String(m.info.alias ?? '')}
              {m.id === me.id ? ` (${t('lot.you')})` : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
