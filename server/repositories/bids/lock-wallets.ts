/** The bid statement that locks the bidders' wallets, claims the keys and reads the context. */
import { toPositional } from '../../db/named-sql.ts'
import type { Queryable } from '../../db/types.ts'
import {
  CLAIM_SQL,
  toClaims,
  type ClaimOutcome,
  type ClaimRow,
  type KeyClaim,
} from '../idempotency.ts'
import type { LockedWallet } from '../wallets.ts'
import {
  CONTEXT_COLUMNS,
  toContext,
  type BidContext,
  type ContextQuery,
  type ContextRow,
} from './context.ts'

/** A wallet locked by the bid statement, with its version as the statement's snapshot saw it. */
type SnapshotWallet = LockedWallet & { snapshot: number | null }

/**
 * Locks the wallets of `userIds` (user-id order, `select … for update`), THEN claims the batch's
 * idempotency keys (scope 'bid', the one rule of server/commands/run-command.ts: a fresh key is
 * taken with a placeholder, a taken one is locked and its committed answer returned), and reads the
 * bid context — all in one statement, one round trip less while the lot is locked. The claim's rows
 * come from a select that first counts `locked`, so the wallets are always locked before the keys
 * (lot → wallets → keys, the same order in every bid transaction: no deadlock between them).
 * The context's sums come from the statement's snapshot, taken before any wait for the wallet
 * locks, so they are current only if nobody changed those wallets meanwhile. Every ledger entry
 * and hold change bumps `wallets.version` in its transaction, so the locked row's version (always
 * the latest) equals the snapshot's exactly when the sums are current; otherwise `ctx` is null and
 * the caller reads the context again with `bidContext` (a fresh snapshot, after the locks). The
 * claims are valid either way.
 */
export async function lockWalletsWithContext(
  db: Queryable,
  q: ContextQuery,
  claims: KeyClaim[],
): Promise<{
  wallets: SnapshotWallet[]
  ctx: BidContext | null
  claims: Map<string, ClaimOutcome>
}> {
  const { text, values } = toPositional(
    `with locked as (
       select w.user_id, w.version from wallets w
        where w.user_id = any(:userIds::uuid[])
        order by w.user_id
        for update
     ),
     claimed as (
       ${CLAIM_SQL('bid', ':claimUsers', ':claimKeys', ':claimHashes', '(select count(*) from locked) >= 0')}
     )
     select ${CONTEXT_COLUMNS},
            (select json_agg(json_build_object(
                      'user_id', l.user_id, 'version', l.version,
                      'snapshot', (select x.version from wallets x where x.user_id = l.user_id),
                      'alias', (select u.alias from users u where u.id = l.user_id)))
               from locked l) as locked,
            (select json_agg(c) from claimed c) as claims`,
    {
      ...q,
      claimUsers: claims.map((c) => c.userId),
      claimKeys: claims.map((c) => c.key),
      claimHashes: claims.map((c) => c.requestHash),
    },
  )
  const { rows } = await db.query<
    ContextRow & {
      claims: ClaimRow[] | null
      locked: Array<{
        user_id: string
        version: number
        snapshot: number | null
        alias: string
      }> | null
    }
  >(text, values)
  const row = rows[0]!
  const wallets = (row.locked ?? []).map((l) => ({
    userId: l.user_id,
    version: l.version,
    snapshot: l.snapshot,
    alias: l.alias,
  }))
  const current =
    wallets.length === q.userIds.length && wallets.every((w) => w.snapshot === w.version)
  return {
    wallets,
    ctx: current ? toContext(row) : null,
    claims: toClaims(row.claims ?? []),
  }
}
