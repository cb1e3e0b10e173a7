import { createHmac, timingSafeEqual } from 'node:crypto'
import { alertPaths, type AlertGroup } from '../../../common/alerts.ts'
import { mailLink } from '../links.ts'

/**
 * The one-click unsubscribe link of a group's mails (docs/security.md "Unsubscribe links"): the
 * member and the group, signed with HMAC-SHA256 under SESSION_SECRET, so it works without signing
 * in and cannot be made for anyone else or another group.
 */
export function unsubscribeUrl(base: string, secret: string, userId: string, group: AlertGroup) {
  return mailLink(base, `api/${alertPaths().unsubscribe}`, {
    u: userId,
    g: group,
    s: unsubscribeSignature(secret, userId, group),
  })
}

export function unsubscribeSignature(secret: string, userId: string, group: string): string {
  return createHmac('sha256', secret).update(`unsubscribe\n${userId}\n${group}`).digest('base64url')
}

/** Constant-time check of a link's signature. */
export function isUnsubscribeSignature(
  secret: string,
  userId: string,
  group: string,
  signature: string,
): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, userId, group))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
