-- Money out (issue 30, decision 0053): payouts to a seller's Stripe Connect account, withdrawals
-- of prepaid credit back to the cards it came from, demo credit, and the reconciliation report.

-- The ledger becomes double-entry across its boundary: `outside` (no member) is the world beyond
-- Lotline. Money coming in (a card top-up, an admin credit, demo credit) is written twice — to the
-- member and, negated, to `outside` — and money going out (a refund to a card, a transfer to a
-- bank) likewise, so every entry of the ledger sums to zero.
alter table ledger_entries drop constraint ledger_entries_house_has_no_member;
alter table ledger_entries drop constraint ledger_entries_account_check;
alter table ledger_entries add constraint ledger_entries_account_check
  check (account in ('available', 'pending', 'house', 'outside'));
alter table ledger_entries add constraint ledger_entries_only_members_accounts_have_members
  check ((account in ('house', 'outside')) = (user_id is null));

-- `demo_credit`: local mode's credit for trying the app (never money, never leaves);
-- `withdrawal`: credit sent back to a card; `payout`: money sent to a connected account;
-- `return`: money that failed to leave (a failed refund, a failed or reversed transfer), back.
alter table ledger_entries drop constraint ledger_entries_kind_check;
alter table ledger_entries add constraint ledger_entries_kind_check
  check (kind in ('top_up', 'purchase', 'sale', 'refund', 'adjustment', 'fee', 'release',
                  'reversal', 'demo_credit', 'withdrawal', 'payout', 'return'));

-- Exactly once for money leaving: each movement's entries carry a key naming it
-- ('payout:<id>', 'payout-return:<id>:<reversal or attempt>', 'refund:<id>',
-- 'refund-return:<id>'); a second write of the same movement finds it and adds nothing.
alter table ledger_entries add column once_key text;
create unique index ledger_entries_once_key on ledger_entries (once_key, account)
  where once_key is not null;

-- The welcome credit of earlier local databases' demo members was an adjustment; it is demo credit.
update ledger_entries set kind = 'demo_credit'
 where kind = 'adjustment' and reason = 'Welcome credit (demo data)';

-- Every entry that crossed the boundary before this migration gets its `outside` counterpart.
insert into ledger_entries (user_id, account, kind, amount, reason, created_by, created_at)
select null, 'outside', kind, -amount, reason, created_by, created_at
  from ledger_entries
 where account = 'available' and kind in ('top_up', 'adjustment', 'demo_credit');

create index ledger_entries_kind_idx on ledger_entries (kind, created_at);

-- The card a top-up was paid with, for "back to Visa ·· 4242" (null until Stripe says).
alter table top_ups add column card_brand text, add column card_last4 text;

-- A member's Stripe Connect Express account, as the last account.updated (or read) told it.
create table payout_accounts (
  user_id uuid primary key references users (id),
  stripe_account_id text not null unique,
  details_submitted boolean not null default false,
  payouts_enabled boolean not null default false,
  -- Stripe's requirements.currently_due: what the member still has to give.
  requirements_due text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A withdrawal: credit sent back to cards (its refunds) and, for what no card can take, a payout.
create table withdrawals (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity unique,
  user_id uuid not null references users (id),
  client_key text not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  status text not null default 'pending'
    check (status in ('pending', 'completed', 'partly_failed', 'failed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, client_key)
);

create index withdrawals_user_idx on withdrawals (user_id, seq);

-- One refund of one top-up's PaymentIntent; `refund_id` is null until Stripe has answered.
create table withdrawal_refunds (
  id uuid primary key default gen_random_uuid(),
  withdrawal_id uuid not null references withdrawals (id),
  top_up_id uuid not null references top_ups (id),
  payment_intent_id text not null,
  amount bigint not null check (amount > 0),
  -- A retry after a failure is a new attempt with a new Stripe idempotency key.
  attempt integer not null default 1,
  refund_id text unique,
  status text not null default 'pending'
    check (status in ('pending', 'succeeded', 'failed', 'canceled')),
  failure_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index withdrawal_refunds_withdrawal_idx on withdrawal_refunds (withdrawal_id);
create index withdrawal_refunds_top_up_idx on withdrawal_refunds (top_up_id);
create index withdrawal_refunds_due_idx on withdrawal_refunds (updated_at)
  where status = 'pending';

-- A Transfer to the member's connected account; `transfer_id` is null until Stripe has answered.
create table payouts (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity unique,
  user_id uuid not null references users (id),
  client_key text not null,
  -- Set when the payout is the part of a withdrawal no card could take.
  withdrawal_id uuid references withdrawals (id),
  amount bigint not null check (amount > 0),
  currency text not null,
  stripe_account_id text not null,
  attempt integer not null default 1,
  transfer_id text unique,
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'failed', 'reversed')),
  reversed_amount bigint not null default 0 check (reversed_amount >= 0),
  failure_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, client_key)
);

create index payouts_user_idx on payouts (user_id, seq);
create index payouts_daily_idx on payouts (user_id, created_at);
create index payouts_due_idx on payouts (updated_at) where status = 'pending';

-- The reconciliation job's reports: what Stripe holds and the ledger does not, or the other way.
create table reconciliation_reports (
  id bigint generated always as identity primary key,
  ran_at timestamptz not null default now(),
  checked integer not null,
  differences jsonb not null default '[]'
);

alter table admin_audit drop constraint admin_audit_action_check;
alter table admin_audit add constraint admin_audit_action_check check (
  action in ('wallet.adjust', 'member.role', 'member.suspend', 'member.unsuspend', 'lot.cancel',
             'top-up.refresh', 'order.resolve', 'rating.remove', 'member.close', 'payout.retry',
             'withdrawal.retry'));
alter table admin_audit drop constraint admin_audit_target_type_check;
alter table admin_audit add constraint admin_audit_target_type_check
  check (target_type in ('user', 'lot', 'top-up', 'order', 'rating', 'payout', 'withdrawal'));
