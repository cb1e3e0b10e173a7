import type { InfiniteData } from '@tanstack/react-query'
import type { Payout, PayoutAccountState, Withdrawal } from '../../../../common/money-out'
import { CHANNEL_PATTERNS, EVENTS } from '../../../../common/wire'
import type { BridgeRule } from '../../../realtime/bridge'
import { moneyOutKeys, type Page } from './api'

type Pages<T> = InfiniteData<Page<T>, unknown>

/**
 * The row with the event's id replaced by it; a row not listed yet is new (made in another tab),
 * so it goes first: the lists are newest first.
 */
function replaceRow<T extends { id: string }>(pages: Pages<T>, row: T): Pages<T> {
  const listed = pages.pages.some((page) => page.items.some((item) => item.id === row.id))
  return {
    ...pages,
    pages: pages.pages.map((page, index) => ({
      ...page,
      items: listed
        ? page.items.map((item) => (item.id === row.id ? row : item))
        : index === 0
          ? [row, ...page.items]
          : page.items,
    })),
  }
}

const unversioned = () => undefined

/**
 * `withdrawal.updated` on `private-wallet.{userId}` carries the whole Withdrawal: its row is
 * replaced in place. Events are not versioned: the latest one wins (a status only moves forward).
 */
export const withdrawalRowRule: BridgeRule<Withdrawal, Pages<Withdrawal>> = {
  channel: CHANNEL_PATTERNS.wallet,
  event: EVENTS.withdrawalUpdated,
  queryKey: () => moneyOutKeys.withdrawals,
  eventVersion: unversioned,
  cachedVersion: unversioned,
  merge: replaceRow,
  gapKeys: () => [moneyOutKeys.all],
}

/** `payout.updated`: the payout's row is replaced in place, like a withdrawal's. */
export const payoutRowRule: BridgeRule<Payout, Pages<Payout>> = {
  channel: CHANNEL_PATTERNS.wallet,
  event: EVENTS.payoutUpdated,
  queryKey: () => moneyOutKeys.payouts,
  eventVersion: unversioned,
  cachedVersion: unversioned,
  merge: replaceRow,
}

/**
 * Either move changes what is in transit (and a failure gives money back): the view and the
 * other list (a withdrawal's payout part is in both) are read again.
 */
export const withdrawalViewRule: BridgeRule<Withdrawal, unknown> = {
  channel: CHANNEL_PATTERNS.wallet,
  event: EVENTS.withdrawalUpdated,
  queryKey: () => moneyOutKeys.view,
  invalidate: true,
  gapKeys: () => [moneyOutKeys.view, moneyOutKeys.payouts],
}

export const payoutViewRule: BridgeRule<Payout, unknown> = {
  channel: CHANNEL_PATTERNS.wallet,
  event: EVENTS.payoutUpdated,
  queryKey: () => moneyOutKeys.view,
  invalidate: true,
  gapKeys: () => [moneyOutKeys.view, moneyOutKeys.withdrawals],
}

/** `payout_account.updated` carries the account's state: it replaces the one in the view. */
export const payoutAccountRule: BridgeRule<PayoutAccountState, { payoutAccount: unknown }> = {
  channel: CHANNEL_PATTERNS.wallet,
  event: EVENTS.payoutAccountUpdated,
  queryKey: () => moneyOutKeys.view,
  eventVersion: unversioned,
  cachedVersion: unversioned,
  merge: (view, account) => ({ ...view, payoutAccount: account }),
}

export const moneyOutRules = [
  withdrawalRowRule,
  withdrawalViewRule,
  payoutRowRule,
  payoutViewRule,
  payoutAccountRule,
]
