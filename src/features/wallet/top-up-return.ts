import { isUuid } from '../../../common/wire'

/** Where Stripe sends the browser back if a payment method ever needs a full redirect. */
export function returnUrlFor(id: string): string {
  return new URL(
    `${import.meta.env.BASE_URL}wallet/top-up?topUp=${encodeURIComponent(id)}`,
    location.href,
  ).href
}

/** `?topUp=<id>&payment_intent=…&redirect_status=…` from a return: the id, if any. */
export function readReturn(search: string): { id: string | null; returned: boolean } {
  const params = new URLSearchParams(search)
  const id = params.get('topUp')
  return { id: isUuid(id) ? id : null, returned: params.has('topUp') }
}
