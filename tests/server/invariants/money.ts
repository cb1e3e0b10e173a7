import { expect } from 'vitest'
import type { Queryable } from '../../../server/db/types.ts'

/**
 * The money invariants, checked on the tables themselves after every money test (top-ups, admin
 * adjustments, bids, settlement, cancel). Each is a rule the code must keep, not a recomputation
 * of what it reports (the wallet read model *is* these sums, so comparing it with them proves
 * nothing):
 *  - available = Σ ledger − Σ active holds ≥ 0 for every member;
 *  - at most one active hold per (user, lot), at most one per lot (only the leader holds), and
 *    none on a lot that is no longer open;
 *  - an open lot's leader holds exactly their maximum;
 *  - a settled lot has exactly one `purchase` (−final price, its leader, whose hold is captured)
 *    and one `sale` (+final price, its seller); any other lot has neither: money moved by a sale
 *    is conserved and moved once;
 *  - each top-up credited at most once (one ledger entry per PaymentIntent), and only a
 *    `succeeded` top-up has one.
 * `expectHolds` makes a test say that holds exist when it checks, so the held part is not vacuous.
 */
export async function expectMoneyInvariants(
  db: Queryable,
  options: { expectHolds?: boolean } = {},
): Promise<void> {
  const { rows: sums } = await db.query<{ user_id: string; ledger: number; holds: number }>(
    `select u.id as user_id,
            (select coalesce(sum(e.amount), 0) from ledger_entries e where e.user_id = u.id)::bigint as ledger,
            (select coalesce(sum(h.amount), 0) from holds h
              where h.user_id = u.id and h.status = 'active')::bigint as holds
       from users u`,
  )
  for (const s of sums) {
    const available = Number(s.ledger) - Number(s.holds)
    expect(available, `available of ${s.user_id}`).toBeGreaterThanOrEqual(0)
  }
  if (options.expectHolds) {
    expect(
      sums.some((s) => Number(s.holds) > 0),
      'some wallet holds money when the invariants are checked',
    ).toBe(true)
  }
  const { rows: twice } = await db.query(
    `select user_id, lot_id from holds where status = 'active'
      group by user_id, lot_id having count(*) > 1`,
  )
  expect(twice, 'several active holds of one user on one lot').toEqual([])
  const { rows: multi } = await db.query(
    `select lot_id from holds where status = 'active' group by lot_id having count(*) > 1`,
  )
  expect(multi, 'several active holds on one lot').toEqual([])
  const { rows: leaders } = await db.query(
    `select l.id from lots l
      where l.status = 'open' and l.leader_id is not null and not exists (
        select 1 from holds h where h.lot_id = l.id and h.user_id = l.leader_id
          and h.status = 'active' and h.amount = l.leader_max)`,
  )
  expect(leaders, 'open lots whose leader does not hold their maximum').toEqual([])
  const { rows: closedHolds } = await db.query(
    `select h.lot_id, l.status from holds h join lots l on l.id = h.lot_id
      where h.status = 'active' and l.status <> 'open'`,
  )
  expect(closedHolds, 'active holds on lots that are no longer open').toEqual([])
  const { rows: sales } = await db.query(
    `select l.id, l.status,
            (select count(*) from ledger_entries e where e.lot_id = l.id and e.kind = 'purchase'
               and e.user_id = l.leader_id and e.amount = -l.current_price)::int as purchases,
            (select count(*) from ledger_entries e where e.lot_id = l.id and e.kind = 'sale'
               and e.user_id = l.seller_id and e.amount = l.current_price)::int as sales,
            (select count(*) from ledger_entries e
              where e.lot_id = l.id and e.kind in ('purchase', 'sale'))::int as entries,
            (select count(*) from holds h where h.lot_id = l.id and h.status = 'captured'
               and h.user_id = l.leader_id)::int as captured
       from lots l`,
  )
  const wrongSales = sales.filter((r) =>
    r.status === 'settled'
      ? r.purchases !== 1 || r.sales !== 1 || r.entries !== 2 || r.captured !== 1
      : r.entries !== 0 || r.captured !== 0,
  )
  expect(wrongSales, 'lots whose sale moved money other than exactly once').toEqual([])
  const { rows: credits } = await db.query(
    `select t.id from top_ups t
      where (select count(*) from ledger_entries e where e.payment_intent_id = t.payment_intent_id)
            <> case when t.status = 'succeeded' then 1 else 0 end
        and t.payment_intent_id is not null`,
  )
  expect(credits, 'top-ups credited other than exactly once when succeeded').toEqual([])
}
