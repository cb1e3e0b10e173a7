import { expect } from 'vitest'
import type { Queryable } from '../../../server/db/types.ts'

/**
 * The money invariants, checked on the tables themselves after every money test (top-ups, admin
 * adjustments, bids, settlement, cancel, orders). Each is a rule the code must keep, not a
 * recomputation of what it reports (the wallet read model *is* these sums, so comparing it with
 * them proves nothing):
 *  - available = Σ available entries − Σ active holds ≥ 0 for every member; no member's pending
 *    proceeds and not the house's balance is negative (decision 0051);
 *  - at most one active hold per (user, lot), at most one per lot (only the leader holds), and
 *    none on a lot that is no longer open;
 *  - an open lot's leader holds what they would pay at their maximum: the maximum, its premium at
 *    `premiumBasisPoints` (0 unless told) and the lot's shipping;
 *  - a settled lot has exactly one order, one `purchase` (its leader, whose hold is captured at
 *    that amount), one `sale` (its seller's pending proceeds) and fees of premium + seller fee to
 *    the house: the three sum to zero; any other lot has none of them: money moved by a sale is
 *    conserved and moved once; every order's entries, later moves included, sum to zero;
 *  - each top-up credited at most once (one ledger entry per PaymentIntent), and only a
 *    `succeeded` top-up has one;
 *  - the whole ledger sums to zero across its accounts: money that came in or left is written
 *    against `outside` too (decision 0053).
 * `expectHolds` makes a test say that holds exist when it checks, so the held part is not vacuous.
 */
export async function expectMoneyInvariants(
  db: Queryable,
  options: { expectHolds?: boolean; premiumBasisPoints?: number } = {},
): Promise<void> {
  const { rows: sums } = await db.query<{ user_id: string; ledger: number; holds: number }>(
    `select u.id as user_id,
            (select coalesce(sum(e.amount), 0) from ledger_entries e
              where e.user_id = u.id and e.account = 'available')::bigint as ledger,
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
  const { rows: negative } = await db.query(
    `select user_id, account from ledger_entries where account in ('pending', 'house')
      group by user_id, account having sum(amount) < 0`,
  )
  expect(negative, 'negative pending proceeds or house balance').toEqual([])
  const { rows: leaders } = await db.query(
    `select l.id from lots l
      where l.status = 'open' and l.leader_id is not null and not exists (
        select 1 from holds h where h.lot_id = l.id and h.user_id = l.leader_id
          and h.status = 'active'
          and h.amount = l.leader_max + floor(l.leader_max * $1::bigint / 10000)
                         + coalesce(l.shipping_cost, 0))`,
    [options.premiumBasisPoints ?? 0],
  )
  expect(leaders, 'open lots whose leader does not hold what they would pay').toEqual([])
  const { rows: closedHolds } = await db.query(
    `select h.lot_id, l.status from holds h join lots l on l.id = h.lot_id
      where h.status = 'active' and l.status <> 'open'`,
  )
  expect(closedHolds, 'active holds on lots that are no longer open').toEqual([])
  const { rows: sales } = await db.query(
    `select l.id, l.status,
            (select count(*) from orders o where o.lot_id = l.id and o.buyer_id = l.leader_id
               and o.seller_id = l.seller_id and o.hammer = l.current_price)::int as orders,
            (select count(*) from ledger_entries e join orders o on o.id = e.order_id
              where e.lot_id = l.id and e.kind = 'purchase' and e.user_id = l.leader_id
                and e.account = 'available'
                and exists (select 1 from holds h where h.lot_id = l.id and h.status = 'captured'
                              and h.user_id = l.leader_id and h.amount = -e.amount)
                and exists (select 1 from ledger_entries s where s.order_id = o.id
                              and s.kind = 'sale' and s.user_id = l.seller_id
                              and s.account = 'pending'
                              and s.amount = -e.amount - o.premium - o.seller_fee))::int as paid,
            (select coalesce(sum(e.amount), 0) from ledger_entries e
              where e.lot_id = l.id and e.kind = 'fee')::bigint as fees,
            (select coalesce(sum(o.premium + o.seller_fee), 0) from orders o
              where o.lot_id = l.id)::bigint as owed_fees,
            (select count(*) from ledger_entries e
              where e.lot_id = l.id and e.kind in ('purchase', 'sale'))::int as entries,
            (select count(*) from holds h where h.lot_id = l.id and h.status = 'captured'
               and h.user_id = l.leader_id)::int as captured
       from lots l`,
  )
  const wrongSales = sales.filter((r) =>
    r.status === 'settled'
      ? r.orders !== 1 ||
        r.paid !== 1 ||
        r.entries !== 2 ||
        r.captured !== 1 ||
        Number(r.fees) !== Number(r.owed_fees)
      : r.orders !== 0 || r.entries !== 0 || r.captured !== 0,
  )
  expect(wrongSales, 'lots whose sale moved money other than exactly once').toEqual([])
  const { rows: unbalanced } = await db.query(
    `select order_id, sum(amount) from ledger_entries where order_id is not null
      group by order_id having sum(amount) <> 0`,
  )
  expect(unbalanced, 'orders whose entries do not sum to zero').toEqual([])
  const { rows: credits } = await db.query(
    `select t.id from top_ups t
      where (select count(*) from ledger_entries e where e.payment_intent_id = t.payment_intent_id)
            <> case when t.status = 'succeeded' then 1 else 0 end
        and t.payment_intent_id is not null`,
  )
  expect(credits, 'top-ups credited other than exactly once when succeeded').toEqual([])
  const { rows: total } = await db.query<{ sum: number }>(
    'select coalesce(sum(amount), 0)::bigint as sum from ledger_entries',
  )
  expect(Number(total[0]!.sum), 'the ledger sums to zero across accounts').toBe(0)
}
