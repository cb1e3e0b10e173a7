import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import type { LotDetail } from '../../../../common/auction'
import { BID_SHEET_PARAM } from '../../../../common/push'
import { optionalLazy } from '../../../components/optional-lazy'
import { useT } from '../../../i18n'
import { useOnline } from '../../../offline/online'
import { useBidFunds } from '../useBidFunds'
import { useBidding } from '../useBidding'
import { useOutbidToastAction } from '../useOutbidToastAction'
import { usePhoneLayout } from '../usePhoneLayout'
import { AlertOfferSlot } from './AlertOfferSlot'
import { BidBar } from './BidBar'
import { BidDialog } from './BidDialog'
import { BidFeedback } from './BidFeedback'
import { BidForm } from './BidForm'
import { BidQuick } from './BidQuick'
import { BidReview } from './BidReview'

// Alerts are offered after a bid went through (decision 0032): their code loads only then.
// If the chunk cannot load, the room goes on without the offer (decision 0041).
const BidAlertPrompt = optionalLazy(() =>
  import('../../push').then((push) => ({ default: push.BidAlertPrompt })),
)

/** `?bid=<minor units>` from a notification's "Bid" action, or null. */
function bidParam(search: string): number | null {
  const text = new URLSearchParams(search).get(BID_SHEET_PARAM)
  if (!text || !/^\d{1,15}$/.test(text)) return null
  const amount = Number(text)
  return amount > 0 ? amount : null
}

/**
 * The lot room's bidding. On a phone: the bid bar above the tab bar, the amount and maximum in a
 * sheet. On a wider screen: one inline panel with the same quick bids above the form. Both share
 * the review dialog and the result (decision 0022). Keyed by lot in LotScreen: nothing said about
 * one lot survives into another.
 */
export function LotBidding({
  lot,
  format,
  signedIn,
  isSeller,
}: {
  lot: LotDetail
  format: (minor: number) => string
  signedIn: boolean
  isSeller: boolean
}) {
  const { t } = useT()
  const online = useOnline()
  const [location, navigate] = useLocation()
  const phone = usePhoneLayout()
  const bidding = useBidding(lot, format)
  const funds = useBidFunds(lot, signedIn)
  const [sheet, setSheet] = useState(false)

  let disabledReason: string | null = null
  // A show's queued lot takes absentee bids and maximums (decision 0061): only a plain scheduled
  // lot waits for its start.
  const absentee = lot.status === 'scheduled' && lot.showId !== null
  // Where a bid can be placed now: the bar on a phone, "Sign in to bid" for a guest.
  const biddable = lot.status === 'open' || absentee
  if (lot.status === 'scheduled' && !absentee) disabledReason = t('bid.notYetOpen')
  else if (lot.status !== 'open' && !absentee) disabledReason = t('bid.notOpen')
  else if (isSeller) disabledReason = t('bid.ownLot')
  else if (!online) disabledReason = t('bid.offline')
  useOutbidToastAction(lot, bidding, format, signedIn && !disabledReason)

  // A notification's "Bid €460" opened this room: the review is ready at that amount, and the
  // parameter leaves the address so a reload or Back does not bring the review again.
  const search = useSearch()
  const broughtBid = bidParam(search)
  const canBid = signedIn && !disabledReason
  const { prepare } = bidding
  useEffect(() => {
    if (!new URLSearchParams(search).has(BID_SHEET_PARAM)) return
    // Signed out, still unknown: wait (signing in comes back here); a closed lot just drops it.
    if (!signedIn && biddable) return
    if (canBid && broughtBid !== null) prepare(broughtBid)
    const rest = new URLSearchParams(search)
    rest.delete(BID_SHEET_PARAM)
    const query = rest.toString()
    navigate(query ? `${location}?${query}` : location, { replace: true })
  }, [search, signedIn, canBid, broughtBid, biddable, location, navigate, prepare])
  // In the room's body, outside the phone's bid bar, and not in the lot's last minutes (0032).
  const offer =
    bidding.placed > 0 ? (
      <AlertOfferSlot endsAt={lot.endsAt}>
        <BidAlertPrompt />
      </AlertOfferSlot>
    ) : null

  if (!signedIn && biddable) {
    const signIn = (
      <Link className="btn btn-primary" href={`/sign-in?next=${encodeURIComponent(location)}`}>
        {t('bid.signIn')}
      </Link>
    )
    if (phone) {
      return (
        <BidBar lot={lot} format={format}>
          {signIn}
        </BidBar>
      )
    }
    return (
      <section className="bid-form panel" aria-labelledby="bid-h">
        <h2 id="bid-h">{t('bid.title')}</h2>
        {signIn}
      </section>
    )
  }

  const shared = { lot, format, bidding, funds, disabledReason }
  const form = (
    <BidForm
      {...shared}
      onSent={() => setSheet(false)}
      onFieldError={phone ? () => setSheet(true) : undefined}
    />
  )
  const review = bidding.review
  const close = () => (review ? bidding.cancelReview() : setSheet(false))
  const reviewView = review ? <BidReview {...shared} vars={review} onBack={close} /> : null
  const reviewTitle = lot.my?.status === 'leading' ? t('bidMax.raiseTitle') : t('bid.reviewTitle')

  if (phone && biddable && !isSeller) {
    return (
      <>
        <BidBar lot={lot} format={format}>
          <BidFeedback bidding={bidding} />
          <BidQuick {...shared} onMaximum={() => setSheet(true)} showFunds />
        </BidBar>
        <BidDialog
          open={sheet || Boolean(review)}
          onClose={close}
          title={review ? reviewTitle : t('bid.sheetTitle')}
          view={review ? 'review' : 'form'}
          className="bid-sheet"
        >
          <div hidden={Boolean(review)}>{form}</div>
          {reviewView}
        </BidDialog>
        {offer}
      </>
    )
  }

  return (
    <section className="bid-form panel" aria-labelledby="bid-h">
      <h2 id="bid-h">{t('bid.title')}</h2>
      {disabledReason ? null : <BidQuick {...shared} />}
      {form}
      <BidFeedback bidding={bidding} />
      {offer}
      <BidDialog open={Boolean(review)} onClose={close} title={reviewTitle} view="review">
        {reviewView}
      </BidDialog>
    </section>
  )
}
