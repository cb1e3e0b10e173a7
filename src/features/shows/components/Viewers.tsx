import { showPresenceChannel } from '../../../../common/wire'
import { useT } from '../../../i18n'
import { useLive } from '../../../realtime/live'
import { usePresence } from '../../../realtime/presence'

/**
 * How many are watching (presence-show.{id}, signed-in members). Only while live: a count kept
 * from before a drop would pretend to be current.
 */
export function Viewers({ showId, signedIn }: { showId: string; signedIn: boolean }) {
  const { t } = useT()
  const live = useLive()
  const members = usePresence(signedIn ? showPresenceChannel(showId) : null)
  if (!signedIn) return null
  if (!live || !members) return null
  const count = new Set(members.map((member) => member.id)).size
  return (
    <span className="chip" data-testid="show-viewers">
      {t('shows.viewers', { count })}
    </span>
  )
}
