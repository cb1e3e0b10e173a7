/**
 * An order's messages (issue 29), for the order screens: the thread and the Orders tab's badge
 * (the member's private channel, which carries them, is joined app-wide). The real-time rules are assembled in
 * src/app/realtime-rules.ts and the queued send's definition in src/app/offline-mutations.ts.
 */
export { OrderThread } from './OrderThread'
export { useUnreadOrderMessages, useOrderMessages, unreadOrderMessagesQuery } from './api'
export { orderMessageKeys } from './keys'
export { orderMessageRules } from './rules'
export { registerOrderMessageMutations, SEND_MESSAGE_KEY } from './send-mutation'
