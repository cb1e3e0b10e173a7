-- Ledger: append-only; a wallet's balance is the sum of its entries.
create table ledger_entries (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id),
  kind text not null check (kind in ('top_up', 'purchase', 'sale', 'refund', 'adjustment')),
  amount bigint not null,
  lot_id uuid,
  payment_intent_id text,
  reason text,
  created_by uuid references users (id),
  created_at timestamptz not null default now()
);

create index ledger_entries_user_idx on ledger_entries (user_id, id);

-- A PaymentIntent credits a wallet at most once, whoever settles it first.
create unique index ledger_entries_payment_intent_key on ledger_entries (payment_intent_id)
  where payment_intent_id is not null;

create table lots (
  id uuid primary key default gen_random_uuid(),
  seller_id uuid not null references users (id),
  title text not null,
  description text not null default '',
  image_path text,
  starting_price bigint not null check (starting_price >= 100),
  reserve_price bigint,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  soft_close_seconds integer not null default 60,
  status text not null default 'scheduled'
    check (status in ('scheduled', 'open', 'closed', 'settled', 'unsold', 'cancelled')),
  current_price bigint,
  leader_id uuid references users (id),
  bid_count integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (reserve_price is null or reserve_price >= starting_price),
  check (ends_at > starts_at)
);

create index lots_status_ends_idx on lots (status, ends_at);
