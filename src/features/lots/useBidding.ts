import { useRef, useState } from 'react'
import { minNextBid, type LotDetail, type MyLotStatus } from '../../../common/auction'
import { isApiError, NetworkError } from '../../api/errors'
import { newIdempotencyKey } from '../../api/idempotency'
import { isLostAnswer } from '../../api/reconcile'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { usePlaceBid, type BidInputVars } from './api'
import { needsReview } from './bid-plan'

export interface BidResult {
  tone: 'ok' | 'error'
  text: string
  /** My status when the result was said: it goes stale when the status moves on. */
  status: MyLotStatus
  /** The lot's version it was said for (a success): stale once the lot moves on. */
  version?: number
}

/** A server refusal that belongs on a field of the form. */
export interface BidFailure {
  field: 'amount' | 'maxAmount'
  text: string
}

/**
 * What the form that asked wants to hear: success (empty the fields), a field's refusal, or an
 * answer said as the room's result instead (a refusal of the whole bid, no answer): the phone's
 * sheet closes for it, or the result would sit hidden under the sheet.
 */
export interface BidHandlers {
  onSuccess?: () => void
  onFailure?: (failure: BidFailure) => void
  onResult?: () => void
}

/**
 * One lot room's bidding: sending with one Idempotency-Key per attempt, the review step before a
 * large bid or a maximum, and the result — shown only while my status is the one it was said
 * for, so a live outbid replaces "you are leading" instead of sitting under it (decision 0022).
 */
export function useBidding(lot: LotDetail, format: (minor: number) => string) {
  const { t, lang } = useT()
  const place = usePlaceBid(lot.id)
  const [result, setResult] = useState<BidResult | null>(null)
  const [retryVars, setRetryVars] = useState<BidInputVars | null>(null)
  const [review, setReview] = useState<BidInputVars | null>(null)
  const attempt = useRef<BidInputVars | null>(null)
  const handlers = useRef<BidHandlers>({})
  // Bumped when focus should move to the result (BidFeedback follows it).
  const [focusTurn, setFocusTurn] = useState(0)
  // Bids of mine that went through in this room: the first one is when alerts are offered (0032).
  const [placed, setPlaced] = useState(0)
  const focusResult = () => setFocusTurn((n) => n + 1)
  const status = lot.my?.status ?? null

  const send = (vars: BidInputVars) => {
    const { onSuccess, onFailure, onResult } = handlers.current
    const fieldError = (failure: BidFailure) => {
      if (onFailure) return onFailure(failure)
      setResult({ tone: 'error', text: failure.text, status })
      focusResult()
    }
    attempt.current = vars
    setResult(null)
    setRetryVars(null)
    const before = lot
    place.mutate(vars, {
      onSuccess: (body) => {
        attempt.current = null
        setReview(null)
        setPlaced((n) => n + 1)
        onSuccess?.()
        const mine = body.lot.my?.status ?? null
        const bidAmount = vars.amount ?? minNextBid(before)
        const price = body.lot.currentPrice ?? bidAmount
        const reserveJump =
          mine === 'leading' && !before.reserveMet && body.lot.reserveMet && price > bidAmount
        setResult({
          tone: mine === 'leading' ? 'ok' : 'error',
          status: mine,
          version: body.lot.version,
          text: reserveJump
            ? t('bid.reserveJump', { amount: format(price) })
            : mine === 'leading'
              ? t('bid.placed', { amount: format(price) })
              : t('bid.placedOutbid', { amount: format(price) }),
        })
        focusResult()
      },
      onError: (error) => {
        setReview(null)
        if (error instanceof NetworkError || isLostAnswer(error)) {
          // Not sent (offline), or no answer even after the resends (decision 0049): what is on
          // screen was refetched; the same attempt (same key) may be sent again, never twice.
          setRetryVars(vars)
          const text = isLostAnswer(error) ? t('bid.unconfirmed') : t('bid.networkRetry')
          setResult({ tone: 'error', text, status })
          onResult?.()
          return focusResult()
        }
        attempt.current = null
        const text = errorMessage(error, lang)
        const fields = isApiError(error) ? error.fieldErrors : {}
        if (isApiError(error) && error.code === 'bid_too_low')
          return fieldError({ field: vars.amount === undefined ? 'maxAmount' : 'amount', text })
        if ('maxAmount' in fields) return fieldError({ field: 'maxAmount', text })
        if ('amount' in fields) return fieldError({ field: 'amount', text })
        setResult({ tone: 'error', text, status })
        onResult?.()
        focusResult()
      },
    })
  }

  /** The same amounts as the attempt that got no answer keep its key; anything else a new one. */
  const varsFor = (amount: number | undefined, maxAmount?: number): BidInputVars => {
    const previous = attempt.current
    const same = previous && previous.amount === amount && previous.maxAmount === maxAmount
    return {
      ...(amount !== undefined ? { amount } : {}),
      ...(maxAmount !== undefined ? { maxAmount } : {}),
      idempotencyKey: same ? previous.idempotencyKey : newIdempotencyKey(),
    }
  }

  /** Sends at once, or opens the review first (a maximum, or ≥ 3 increments above the minimum). */
  const request = (vars: BidInputVars, on: BidHandlers = {}) => {
    if (place.isPending) return
    handlers.current = on
    setResult(null)
    if (needsReview(lot, vars.amount, vars.maxAmount)) setReview(vars)
    else send(vars)
  }

  /**
   * A bid brought from elsewhere (a notification's "Bid €460", decision 0032): always reviewed
   * first, never sent without the member's confirmation, and never below today's minimum.
   */
  const prepare = (amount: number) => {
    if (place.isPending) return
    handlers.current = {}
    setResult(null)
    setReview(varsFor(Math.max(amount, minNextBid(lot))))
  }

  const fresh =
    result &&
    result.status === status &&
    (result.version === undefined || result.version === lot.version)
      ? result
      : null
  // A live outbid after my result: said in its place, never under a stale "you are leading".
  const outbid = result && !fresh && status === 'outbid'
  // The answer was lost and the same bid is being sent again (decision 0049): said as it is,
  // not as a failure; 'offline' while the resend waits for the network.
  const checking =
    place.isPending && place.failureCount > 0 ? (place.isPaused ? 'offline' : 'online') : null
  return {
    pending: place.isPending,
    checking,
    result: outbid
      ? {
          tone: 'error' as const,
          status,
          text: t('bid.outbidLive', { amount: format(lot.currentPrice ?? lot.startingPrice) }),
        }
      : fresh,
    focusTurn,
    clearResult: () => setResult(null),
    retry: retryVars ? () => send(retryVars) : null,
    review,
    cancelReview: () => setReview(null),
    confirm: () => review && send(review),
    request,
    prepare,
    placed,
    varsFor,
  }
}

export type Bidding = ReturnType<typeof useBidding>
