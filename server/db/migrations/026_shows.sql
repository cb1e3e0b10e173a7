-- Live shows (issue 34; docs/product.md "Live shows", decision 0061): a seller's lots run back to
-- back on short timers while viewers bid and chat in one room. A show's lots are ordinary lots
-- (`lots.show_id` names the show); `show_lots` keeps their order, timer and mode, and how each
-- left the queue.
create table shows (
  id uuid primary key default gen_random_uuid(),
  seller_id uuid not null references users (id),
  title text not null,
  description text not null default '',
  starts_at timestamptz not null,
  state text not null default 'scheduled'
    check (state in ('scheduled', 'live', 'paused', 'ended')),
  -- Seconds after a lot's result before the next opens by itself; null: the host opens each.
  auto_advance_seconds integer
    check (auto_advance_seconds is null or auto_advance_seconds between 0 and 120),
  -- When auto-advance opens the next lot (set at a result while live, cleared when one opens).
  next_lot_at timestamptz,
  started_at timestamptz,
  ended_at timestamptz,
  -- Followers were told the show is 15 minutes away / live (once each).
  reminded_at timestamptz,
  announced_at timestamptz,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shows_state_starts_idx on shows (state, starts_at);
create index shows_seller_idx on shows (seller_id, starts_at desc);
create index shows_next_lot_idx on shows (next_lot_at) where next_lot_at is not null;

alter table lots add column show_id uuid references shows (id);
create index lots_show_idx on lots (show_id) where show_id is not null;

create table show_lots (
  show_id uuid not null references shows (id) on delete cascade,
  lot_id uuid not null unique references lots (id) on delete cascade,
  position integer not null check (position >= 0),
  timer_seconds integer not null check (timer_seconds between 10 and 120),
  mode text not null check (mode in ('standard', 'sudden_death')),
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'skipped')),
  opened_at timestamptz,
  closed_at timestamptz,
  primary key (show_id, lot_id),
  constraint show_lots_position unique (show_id, position) deferrable initially deferred
);
-- One lot on the block per show, whatever node or job opens it.
create unique index show_lots_one_running on show_lots (show_id) where state = 'running';

create table show_chat (
  id bigserial primary key,
  show_id uuid not null references shows (id) on delete cascade,
  author_id uuid not null references users (id) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references users (id)
);
create index show_chat_by_show on show_chat (show_id, id desc);

create table show_mutes (
  show_id uuid not null references shows (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  muted_by uuid not null references users (id),
  created_at timestamptz not null default now(),
  primary key (show_id, user_id)
);

create table seller_follows (
  follower_id uuid not null references users (id) on delete cascade,
  seller_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, seller_id),
  check (follower_id <> seller_id)
);
create index seller_follows_by_seller on seller_follows (seller_id);
