import type { Message } from '../types'

/**
 * English messages of live shows (issue 34): the show room, the host console, chat and following
 * sellers. Loaded with the other screens' (src/i18n/more.ts).
 */
export const showsEn = {
  'errors.lot_ended': 'This lot has ended: your bid came after its clock ran out.',
  'errors.show_ended': 'This show is over.',
  'errors.show_not_live': 'The show is not live: a lot opens only while it is on.',
  'errors.show_not_started': 'The show has not started yet.',
  'errors.lot_running': 'A lot is on the block: wait for its result.',
  'errors.show_queue_empty': 'No lot is left in this show.',
  'errors.not_next_lot': 'That lot is no longer next: the show moved on.',
  'errors.show_not_editable': 'The show has started: its lots and start time are fixed.',
  'errors.lot_not_showable': 'This lot cannot join a show.',
  'errors.chat_muted': 'The host muted you in this chat.',
} satisfies Record<string, Message>
