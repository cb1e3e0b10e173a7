import type { Message } from '../types'

/** English messages of the wallet screens (merged into the en dictionary). */
export const walletEn = {} satisfies Record<string, Message>

/** Spanish messages of the wallet screens; missing keys fall back to English. */
export const walletEs: Partial<Record<keyof typeof walletEn, Message>> = {}
