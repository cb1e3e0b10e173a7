import { useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { TopUp, TopUpResponse } from '../../../common/wallet'
import { isApiError } from '../../api/errors'
import { useT } from '../../i18n'
import { finishAuthentication, type ConfirmOutcome } from '../../payments/stripe'
import { isFinalStatus, POLL_LIMIT, refreshWallet, topUpKey, useTopUp } from './api'
import type { CardFormHandle } from './CardForm'
import { clearTopUpSession } from './top-up-session'
import type { useStripe } from './useStripe'

export type StripeHandle = ReturnType<typeof useStripe>

/** What one created top-up shows: one view at a time, from its status and this tab's attempt. */
export type TopUpView =
  /** The server no longer knows it (404): start again. */
  | { kind: 'stale' }
  | { kind: 'lookup-error'; query: UseQueryResult<TopUpResponse> }
  /** Offline before its status was ever known. */
  | { kind: 'offline' }
  | { kind: 'checking' }
  | { kind: 'succeeded'; topUp: TopUp }
  | { kind: 'closed'; topUp: TopUp; status: 'canceled' | 'refunded' }
  /** Confirmed, outcome not known yet (polling); `slow` once polling gave up. */
  | { kind: 'pending'; processing: boolean; slow: boolean }
  /** Created, failed (another card may be tried) or waiting for the bank's authentication. */
  | {
      kind: 'card'
      topUp: TopUp
      clientSecret: string | null
      needsAction: boolean
      /** Declined by Stripe or failed on the server ('' when no reason was given). */
      failure: string | null
      confirmError: string | null
      authenticating: boolean
    }

/**
 * One top-up after it was created: its status from the server (polled while an outcome is
 * pending), and what this tab's attempt adds to it — a decline Stripe reported, a confirmation
 * that failed, an authentication under way. Mounted per top-up id, so a new top-up starts fresh.
 */
export function useTopUpFlow(id: string, watchFromStart: boolean, stripe: StripeHandle) {
  const { t } = useT()
  const client = useQueryClient()
  // Fetch count when watching started (after confirming, or on a return), null when not watching.
  const [watchSince, setWatchSince] = useState<number | null>(watchFromStart ? 0 : null)
  const query = useTopUp(id, watchSince)
  const [declined, setDeclined] = useState<string | null>(null)
  const [confirmError, setConfirmError] = useState<string | null>(null)
  const [authenticating, setAuthenticating] = useState(false)
  const card = useRef<CardFormHandle>(null)
  const data = query.data
  const status = data?.topUp.status

  const fetchCount = () => client.getQueryState(topUpKey(id))?.dataUpdateCount ?? 0
  const watch = () => {
    setWatchSince(fetchCount())
    void query.refetch()
  }

  // The failure the server reports (also after a reload) is shown until "Try another card".
  const serverFailure = status === 'failed' ? (data?.topUp.failureMessage ?? '') : null
  const [dismissedFailure, setDismissedFailure] = useState<string | null>(null)
  const failure =
    declined ??
    (serverFailure !== null && serverFailure !== dismissedFailure ? serverFailure : null)

  // Credited: the wallet and its history changed; this tab's attempt is over.
  const credited = status === 'succeeded'
  const final = status !== undefined && isFinalStatus(status)
  useEffect(() => {
    if (!final) return
    clearTopUpSession()
    if (credited) refreshWallet(client)
  }, [final, credited, client])

  const onConfirmed = (outcome: ConfirmOutcome) => {
    if (outcome.kind === 'error') {
      if (outcome.type === 'card_error' || outcome.type === 'validation_error') {
        // Stripe's message, as is; validation errors are shown inside the Payment Element too.
        if (outcome.type === 'card_error')
          setDeclined(outcome.message ?? t('topUp.status.failed.fallback'))
      } else {
        setConfirmError(t('topUp.confirmError'))
      }
      void query.refetch()
      return
    }
    setDeclined(null)
    setConfirmError(null)
    watch()
  }

  const actions = {
    /** "Check again" once polling gave up. */
    watch,
    tryAnotherCard: () => {
      setDeclined(null)
      setDismissedFailure(serverFailure)
      card.current?.reset()
    },
    /** The Payment Element confirmed (or failed to): a new attempt, so old failures go. */
    confirmFromCard: (outcome: ConfirmOutcome) => {
      setDeclined(null)
      setDismissedFailure(null)
      onConfirmed(outcome)
    },
    /** 3-D Secure and the like, when the top-up came back needing it. */
    authenticate: async () => {
      if (!stripe.stripe || !data?.clientSecret || authenticating) return
      setAuthenticating(true)
      try {
        onConfirmed(await finishAuthentication(stripe.stripe, data.clientSecret))
      } finally {
        setAuthenticating(false)
      }
    },
  }

  return { view: viewOf(), actions, cardRef: card }

  function viewOf(): TopUpView {
    if (!data) {
      if (query.isError) {
        if (isApiError(query.error) && query.error.status === 404) return { kind: 'stale' }
        return { kind: 'lookup-error', query }
      }
      return query.fetchStatus === 'paused' ? { kind: 'offline' } : { kind: 'checking' }
    }
    const topUp = data.topUp
    // Reading dataUpdatedAt re-renders this on every poll, so the count below stays current.
    const attempts = query.dataUpdatedAt && watchSince !== null ? fetchCount() - watchSince : 0
    if (status === 'succeeded') return { kind: 'succeeded', topUp }
    if (status === 'canceled' || status === 'refunded') return { kind: 'closed', topUp, status }
    if (status === 'processing' || (status === 'created' && watchSince !== null)) {
      return { kind: 'pending', processing: status === 'processing', slow: attempts >= POLL_LIMIT }
    }
    return {
      kind: 'card',
      topUp,
      clientSecret: data.clientSecret,
      needsAction: status === 'requires_action',
      failure,
      confirmError,
      authenticating,
    }
  }
}

export type TopUpActions = ReturnType<typeof useTopUpFlow>['actions']
