-- Saved searches (issue 32; docs/product.md "Saved searches"): a member's named list filters,
-- and when a new lot matching one was last told to them (at most one alert an hour per search).
create table saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  q text not null default '',
  category text,
  min_price bigint,
  max_price bigint,
  sort text not null default 'ending',
  created_at timestamptz not null default now(),
  last_alerted_at timestamptz
);

create index saved_searches_by_user on saved_searches (user_id, created_at);
