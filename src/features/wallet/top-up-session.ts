import { newIdempotencyKey } from '../../api/idempotency'

/**
 * What a top-up in progress keeps across reloads and Stripe redirects, in sessionStorage (this tab
 * only, gone when it closes; never the client secret):
 * - the attempt: an Idempotency-Key bound to an amount, made once per attempt, so a double click,
 *   a lost response or a reload re-sends the same key and lands on the same top-up;
 * - the current top-up id, so the screen comes back to its status.
 */
const ATTEMPT_KEY = 'lotline.topUp.attempt'
const CURRENT_KEY = 'lotline.topUp.current'

export interface Attempt {
  key: string
  amount: number
}

function read(name: string): string | null {
  try {
    return sessionStorage.getItem(name)
  } catch {
    return null
  }
}

function write(name: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(name)
    else sessionStorage.setItem(name, value)
  } catch {
    // Private mode or storage full: the attempt lasts for this page only.
  }
}

export function readAttempt(): Attempt | null {
  const raw = read(ATTEMPT_KEY)
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<Attempt>
    return typeof value.key === 'string' && typeof value.amount === 'number'
      ? { key: value.key, amount: value.amount }
      : null
  } catch {
    return null
  }
}

/** The attempt for `amount`: the stored one if it is for the same amount, else a new one. */
export function attemptFor(amount: number): Attempt {
  const stored = readAttempt()
  if (stored && stored.amount === amount) return stored
  const attempt = { key: newIdempotencyKey(), amount }
  write(ATTEMPT_KEY, JSON.stringify(attempt))
  return attempt
}

export function readCurrentTopUp(): string | null {
  return read(CURRENT_KEY)
}

export function saveCurrentTopUp(id: string): void {
  write(CURRENT_KEY, id)
}

/** The top-up is over (or abandoned): the next one is a new attempt with a new key. */
export function clearTopUpSession(): void {
  write(CURRENT_KEY, null)
  write(ATTEMPT_KEY, null)
}
