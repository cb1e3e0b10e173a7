import { optionalLazy } from '../../../components/optional-lazy'
import { OfflineNotice } from '../../../components/OfflineNotice'
import { Loading } from '../../../components/Spinner'
import { useT } from '../../../i18n'

function PanelLoading() {
  const { t } = useT()
  return <Loading label={t('shows.loadingLot')} />
}

function PanelUnavailable() {
  const { t } = useT()
  return <OfflineNotice>{t('shows.lotUnavailable')}</OfflineNotice>
}

/**
 * A live show's lot on the block with the lot room's price, clock and bidding (issue 34). It comes
 * with the lot room's chunk (LotScreen.tsx re-exports it): a chunk of its own would share the
 * room's code with it, and shared code of a first screen goes to the chunk every first visit loads.
 */
export const ShowLotPanel = optionalLazy(
  () => import('../LotScreen').then((room) => ({ default: room.ShowLotPanel })),
  () => <PanelLoading />,
  () => <PanelUnavailable />,
)
