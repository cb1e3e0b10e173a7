-- Accounts and sessions.
create table users (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  password_hash text not null,
  role text not null default 'member' check (role in ('member', 'admin')),
  alias text not null,
  created_at timestamptz not null default now()
);

create unique index users_email_key on users (lower(email));

create unique index users_alias_key on users (alias);

-- Only a keyed hash of the session token is stored: a database leak does not yield live sessions.
create table sessions (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_seen_at timestamptz not null default now()
);

create index sessions_user_id_idx on sessions (user_id);
