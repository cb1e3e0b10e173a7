import { showChannel } from '../../../../common/wire'
import { useT } from '../../../i18n'
import { useLive } from '../../../realtime/live'
import { useSubscriptionCount } from '../../../realtime/subscription-count'

/**
 * How many are watching: the sockets on `show.{id}` (the room's own channel, which guests and the
 * host console subscribe too), counted by the real-time service for any size of room and sent at
 * most every few seconds (pusher:subscription_count). Only while live: a count kept from before a
 * drop would pretend to be current.
 */
export function Viewers({ showId }: { showId: string }) {
  const { t } = useT()
  const live = useLive()
  const count = useSubscriptionCount(showChannel(showId))
  if (!live || count === null) return null
  return (
    <span className="chip" data-testid="show-viewers">
      {t('shows.viewers', { count })}
    </span>
  )
}
