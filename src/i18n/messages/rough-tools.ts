import type { Message } from '../types'

/**
 * English messages of the seller and admin tools of issue 32: cancel reasons in the room, ending
 * a lot early, blocking bidders, the admin's debit refusal and audit sentences. Loaded with the
 * other screens' (src/i18n/more.ts).
 */
export const roughToolsEn = {
  'errors.bidder_blocked': 'The seller of this lot does not accept your bids.',
  'errors.debit_below_zero': 'This debit would take the wallet below zero.',

  'tools.cancel.byLotline': 'Cancelled by Lotline: {reason}',
  'tools.cancel.bySeller': 'Cancelled by the seller',
  'tools.cancel.at': 'Cancelled {time}',

  'tools.end.button': 'End now',
  'tools.end.confirm':
    'End this lot now? Nobody has bid, so it ends unsold and bidding closes for everyone.',
  'tools.end.confirmButton': 'End the lot now',
  'tools.end.keep': 'Keep it running',
  'tools.end.hasBids': 'Someone has bid in the meantime: the lot now runs until its end.',
  'tools.end.offline': 'You are offline. Connect to end the lot.',

  'tools.block.title': 'Bidders on this lot',
  'tools.block.hint':
    'Blocking a bidder refuses their bids on all your lots from now on. A lead they already have stays.',
  'tools.block.short': 'Block this bidder',
  'tools.block.button': 'Block this bidder: {alias}',
  'tools.block.confirm': 'Block {alias}? They will not be able to bid on any of your lots.',
  'tools.block.confirmButton': 'Block',
  'tools.block.keep': 'Don’t block',
  'tools.block.blocked': 'Blocked',
  'tools.block.offline': 'You are offline. Connect to change your blocks.',

  'tools.blocks.title': 'Blocked bidders',
  'tools.blocks.intro':
    'Members you blocked cannot bid on your lots. Unblock them to allow it again.',
  'tools.blocks.none': 'You have not blocked anyone.',
  'tools.blocks.since': 'blocked {date}',
  'tools.blocks.unblock': 'Unblock',
  'tools.blocks.unblockAlias': 'Unblock {alias}',
  'tools.blocks.error': 'Your blocks could not be loaded.',

  'tools.admin.debitBelowZero':
    'This debit would take {name}’s wallet below zero: available {available}.',
  'tools.admin.blocksTitle': 'Blocks',
  'tools.admin.blocked': '{name} blocked',
  'tools.admin.blockedNone': 'Nobody.',
  'tools.admin.blockedBy': 'Blocked {name}',
  'tools.admin.blockedByNone': 'Nobody.',

  'audit.say.credit': '{admin} credited {target} {amount}, balance {balance}',
  'audit.say.debit': '{admin} debited {target} {amount}, balance {balance}',
  'audit.say.role': '{admin} made {target} {role}',
  'audit.say.suspend': {
    zero: '{admin} suspended {target}',
    one: '{admin} suspended {target} and ended {count} session',
    other: '{admin} suspended {target} and ended {count} sessions',
  },
  'audit.say.unsuspend': '{admin} lifted the suspension of {target}',
  'audit.say.close': '{admin} closed the account of {target} (balance {balance})',
  'audit.say.moneyOut': '{admin} sent {amount} out of the account of {target} to close it',
  'audit.say.cancel': {
    zero: '{admin} cancelled “{target}”; no holds to release',
    one: '{admin} cancelled “{target}”, releasing {count} hold ({amount})',
    other: '{admin} cancelled “{target}”, releasing {count} holds ({amount})',
  },
  'audit.say.refresh': '{admin} refreshed a top-up of {amount} by {target}: {from} → {to}',
  'audit.say.refund': '{admin} refunded the buyer of “{target}” {amount}',
  'audit.say.complete': '{admin} completed the order for “{target}” for the seller',
  'audit.say.rating': '{admin} removed a rating of {target}',
  'audit.say.withdrawal': '{admin} retried a withdrawal of {amount}',
  'audit.say.payout': '{admin} retried a payout: now {to}',
  'audit.say.mail': '{admin} queued the mail to {to} again',
  'audit.say.withReason': '{sentence} — {reason}',
} satisfies Record<string, Message>
