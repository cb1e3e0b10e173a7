import type { Message } from '../types'

/** English of issue 32's selling fixes: pictures checked when chosen, the seller's own room, alerts. */
export const roughSellingEn = {
  'sell.picture.type': '{name}: not a JPEG, PNG or WebP picture.',
  'sell.picture.size': '{name}: {size} MB, larger than the {max} MB a picture may be.',
  'sell.picture.empty': '{name}: the file is empty.',
  'sell.unsent.title': 'Your lot is listed, but not all of its pictures are on it',
  'sell.unsent.body': {
    one: '{count} picture you chose is not on the lot yet. Try again, or remove it and open the lot without it.',
    other:
      '{count} pictures you chose are not on the lot yet. Try again, or remove them and open the lot without them.',
  },
  'sell.unsent.waiting': 'Not sent yet: it follows the one that failed, to keep your order.',
  'sell.unsent.retry': 'Try again',
  'sell.unsent.retrying': 'Uploading…',
  'sell.unsent.remove': 'Remove',
  'sell.unsent.open': 'Open the lot without them',
  'sell.unsent.offline': 'You are offline: try again once you are back online.',
  'sell.watchersBelow': 'Who is watching and every bid are listed below this panel.',
  'sell.historyEmpty': 'No bids yet.',
  'push.noService':
    'This browser can’t receive alerts: it has no push service. Lotline tells you inside the app instead.',
} satisfies Record<string, Message>
