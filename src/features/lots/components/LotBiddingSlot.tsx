import { optionalLazy } from '../../../components/optional-lazy'
import { OfflineNotice } from '../../../components/OfflineNotice'
import { useT } from '../../../i18n'

function BiddingUnavailable() {
  const { t } = useT()
  return <OfflineNotice>{t('shows.lotUnavailable')}</OfflineNotice>
}

/**
 * The lot room's bidding for a live show's lot on the block (issue 34), from the lot room's chunk
 * (LotScreen.tsx re-exports it): the bidding is most of that room's code, and a chunk of its own
 * would share it with the room, and shared code of a first screen goes to the chunk every first
 * visit loads. Nothing is drawn until it is here: on a phone it is the bid bar, fixed above the tab
 * bar, so its arrival moves nothing in the room (the lot's price, clock and title are drawn
 * already, by ShowLotPanel itself).
 */
export const LotBiddingSlot = optionalLazy(
  () => import('../LotScreen').then((room) => ({ default: room.LotBidding })),
  () => null,
  () => <BiddingUnavailable />,
)
