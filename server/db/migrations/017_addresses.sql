-- A member's address book (issue 29): where a won lot is shipped. An order copies the address it
-- ships to, so editing or deleting one here never changes an order.
create table addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  line1 text not null,
  line2 text,
  town text not null,
  postal_code text not null,
  country text not null check (country ~ '^[A-Z]{2}$'),
  phone text,
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);

create index addresses_user_idx on addresses (user_id, created_at);

-- At most one default per member.
create unique index addresses_one_default on addresses (user_id) where is_default;
