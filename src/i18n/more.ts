import type { Message } from './types'
import { appEn } from './messages/app'
import { promptsEn } from './messages/prompts'
import { lotListEn } from './messages/lot-list'
import { lotsEn } from './messages/lots'
import { walletEn } from './messages/wallet'
import { biddingEn } from './messages/bidding'
import { endingEn } from './messages/ending'
import { accountEn } from './messages/account'
import { adminEn } from './messages/admin'
import { pushEn } from './messages/push'
import { ordersEn } from './messages/orders'
import { sellersEn } from './messages/sellers'
import { orderMessagesEn } from './messages/order-messages'
import { moneyOutEn } from './messages/money-out'
import { mailEn } from './messages/mail'
import { roughBiddingEn } from './messages/rough-bidding'
import { roughSellingEn } from './messages/rough-selling'
import { roughToolsEn } from './messages/rough-tools'
import { showsEn } from './messages/shows'
import { roughFindingEn } from './messages/rough-finding'

/**
 * The English messages of every screen but the lot list (which loads only lot-list.ts; the shell's
 * are in en.ts): a chunk of its own, loaded by those screens before they render and right after
 * the first paint (docs/decisions/0004-i18n.md, 0030-first-visit.md).
 */
export const moreEn = {
  ...appEn,
  ...promptsEn,
  ...lotListEn,
  ...lotsEn,
  ...walletEn,
  ...biddingEn,
  ...endingEn,
  ...accountEn,
  ...adminEn,
  ...pushEn,
  ...ordersEn,
  ...sellersEn,
  ...orderMessagesEn,
  ...moneyOutEn,
  ...mailEn,
  ...roughBiddingEn,
  ...roughSellingEn,
  ...roughToolsEn,
  ...showsEn,
  ...roughFindingEn,
} satisfies Record<string, Message>
