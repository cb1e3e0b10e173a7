import type { Message } from '../types'

/** English messages of the lots screens (merged into the en dictionary). */
export const lotsEn = {} satisfies Record<string, Message>

/** Spanish messages of the lots screens; missing keys fall back to English. */
export const lotsEs: Partial<Record<keyof typeof lotsEn, Message>> = {}
