/**
 * When the room may offer alerts after a bid (docs/product.md, "The alert offer"): not in a lot's
 * last minutes, when the bidder's attention belongs to the bidding and an alert could only come
 * too late. The once-per-device rule ("Not now" is remembered) is the push feature's (ask-rule).
 */
export const ALERT_OFFER_QUIET_MS = 5 * 60_000

export function alertOfferTimeAllows(endsAt: string, now: number): boolean {
  return Date.parse(endsAt) - now >= ALERT_OFFER_QUIET_MS
}
