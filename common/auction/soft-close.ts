/** Soft close: a late bid that moves the lot pushes its end. */

/**
 * When the lot ends after a bid at `now`. A bid that moved the price or the leader (`changed`)
 * with less than the soft-close window left pushes the end to `now + window`, so nobody can win by
 * bidding in the last second; exactly the window left, or an unchanged lot, keeps the end.
 */
export function softCloseEnd(
  endsAt: Date,
  now: Date,
  softCloseSeconds: number,
  changed: boolean,
): Date {
  const windowMs = softCloseSeconds * 1000
  if (changed && endsAt.getTime() - now.getTime() < windowMs)
    return new Date(now.getTime() + windowMs)
  return endsAt
}
