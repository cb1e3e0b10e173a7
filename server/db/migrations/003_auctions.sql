-- Live auctions: bids, holds, per-user wallet rows, idempotency, watchlist, notifications.

-- The leader's secret maximum (never exposed publicly) and the close/settle times.
alter table lots add column leader_max bigint;

alter table lots add column closed_at timestamptz;

alter table lots add column settled_at timestamptz;

-- Set when watchers were told the lot ends within 5 minutes (once per lot).
alter table lots add column ending_soon_at timestamptz;

create index lots_status_starts_idx on lots (status, starts_at);

-- Append-only history; proxy bids made on a bidder's behalf are `auto`.
create table bids (
  id bigint generated always as identity primary key,
  lot_id uuid not null references lots (id),
  bidder_id uuid not null references users (id),
  amount bigint not null check (amount > 0),
  max_amount bigint not null check (max_amount >= amount),
  auto boolean not null default false,
  idempotency_key text,
  created_at timestamptz not null default now()
);

create index bids_lot_idx on bids (lot_id, id);

create index bids_bidder_idx on bids (bidder_id, lot_id);

-- The leader's maximum is held on their wallet; released when outbid, captured at settlement.
create table holds (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id),
  lot_id uuid not null references lots (id),
  amount bigint not null check (amount > 0),
  status text not null default 'active' check (status in ('active', 'released', 'captured')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index holds_active_key on holds (user_id, lot_id) where status = 'active';

create index holds_active_lot_idx on holds (lot_id) where status = 'active';

-- One row per user, locked (select … for update) by everything that changes that user's
-- available balance; `version` increments on every ledger entry or hold change.
create table wallets (
  user_id uuid primary key references users (id) on delete cascade,
  version integer not null default 0
);

insert into wallets (user_id, version)
select u.id, (select count(*) from ledger_entries e where e.user_id = u.id)
from users u;

create function lotline_create_wallet() returns trigger language plpgsql as $$
begin
  insert into wallets (user_id) values (new.id) on conflict do nothing;
  return new;
end
$$;

create trigger users_create_wallet after insert on users
  for each row execute function lotline_create_wallet();

-- Every ledger entry bumps its wallet's version, whoever writes it.
create function lotline_bump_wallet_version() returns trigger language plpgsql as $$
begin
  update wallets set version = version + 1 where user_id = new.user_id;
  return new;
end
$$;

create trigger ledger_entries_bump_wallet after insert on ledger_entries
  for each row execute function lotline_bump_wallet_version();

create table idempotency_keys (
  user_id uuid not null references users (id) on delete cascade,
  scope text not null,
  key text not null,
  request_hash text not null,
  response jsonb not null,
  status_code integer not null,
  created_at timestamptz not null default now(),
  primary key (user_id, scope, key)
);

create table watchlist (
  user_id uuid not null references users (id) on delete cascade,
  lot_id uuid not null references lots (id),
  created_at timestamptz not null default now(),
  primary key (user_id, lot_id)
);

create index watchlist_lot_idx on watchlist (lot_id);

create table notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  lot_id uuid references lots (id),
  data jsonb not null default '{}',
  read_at timestamptz,
  created_at timestamptz not null default now()
);

create index notifications_user_idx on notifications (user_id, id);

-- "Ending soon" reaches each watcher once per lot.
create unique index notifications_ending_soon_key on notifications (user_id, lot_id)
  where kind = 'ending_soon';
