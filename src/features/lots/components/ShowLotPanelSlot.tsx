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
 * A live show's lot on the block with the lot room's price, clock and bidding (issue 34): a chunk
 * of its own, loaded when a show room shows it, never with the screens that list lots.
 */
export const ShowLotPanel = optionalLazy(
  () => import('./ShowLotPanel'),
  () => <PanelLoading />,
  () => <PanelUnavailable />,
)
