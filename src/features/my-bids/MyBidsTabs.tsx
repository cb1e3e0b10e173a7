import { Link } from 'wouter'
import { MY_BIDS_TABS, type MyBidsTab } from '../../../common/auction'
import { useT } from '../../i18n'
import { OrdersLink } from '../orders'

/** The tab in the address (`?tab=won`): a link, so Back restores it and it can be shared. */
export function tabOf(search: string): MyBidsTab {
  const tab = new URLSearchParams(search).get('tab')
  return (MY_BIDS_TABS as readonly string[]).includes(tab ?? '') ? (tab as MyBidsTab) : 'active'
}

/** Active / Won / Lost: links with the current one marked, in the tab order of the page. */
export function MyBidsTabs({ current }: { current: MyBidsTab }) {
  const { t } = useT()
  return (
    <nav className="my-bids-tabs" aria-label={t('myBids.tabs')}>
      {MY_BIDS_TABS.map((tab) => (
        <Link
          key={tab}
          href={tab === 'active' ? '/me/bids' : `/me/bids?tab=${tab}`}
          className="my-bids-tab"
          aria-current={tab === current ? 'page' : undefined}
          data-testid={`tab-${tab}`}
        >
          {t(`myBids.tab.${tab}`)}
        </Link>
      ))}
      <OrdersLink className="my-bids-tab" testId="tab-orders" />
    </nav>
  )
}
