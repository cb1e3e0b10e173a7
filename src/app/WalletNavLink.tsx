import { useWallet } from '../features/wallet/api'
import { walletChannel } from '../features/wallet/realtime'
import { useT } from '../i18n'
import { useChannel } from '../realtime/provider'
import { NavLink } from './NavLink'

/**
 * Wallet entry with the available balance (wide screens show the amount), live on every screen:
 * a bid here or in another window moves it, so it follows the private wallet channel.
 */
export default function WalletNavLink({ userId }: { userId: string }) {
  const { t, formatMoney } = useT()
  const wallet = useWallet()
  useChannel(walletChannel(userId))
  return (
    <NavLink href="/wallet" icon="wallet">
      {t('nav.wallet')}
      {wallet.data ? (
        <span className="nav-wallet-amount">
          {formatMoney(wallet.data.available, wallet.data.currency)}
        </span>
      ) : null}
    </NavLink>
  )
}
