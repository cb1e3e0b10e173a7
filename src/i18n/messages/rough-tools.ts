import type { Message } from '../types'

/**
 * English messages of the seller and admin tools of issue 32: cancel reasons in the room, ending
 * a lot early, blocking bidders, the admin's debit refusal and audit sentences. Loaded with the
 * other screens' (src/i18n/more.ts).
 */
export const roughToolsEn = {
  'errors.bidder_blocked': 'The seller of this lot does not accept your bids.',
  'errors.debit_below_zero': 'This debit would take the wallet below zero.',
} satisfies Record<string, Message>
