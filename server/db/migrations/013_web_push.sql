-- Web Push (decision 0032): devices, per-member switches, and the durable outbox of deliveries.

-- One row per browser push subscription (its endpoint is unique). It belongs to the session it was
-- made in: signing out there (the session row deleted) removes the device with it.
create table push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  session_hash text not null references sessions (token_hash) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  expiration_time timestamptz,
  lang text not null check (lang in ('en', 'es')),
  device text not null,
  browser text not null,
  created_at timestamptz not null default now()
);

create index push_subscriptions_user_idx on push_subscriptions (user_id, created_at desc);

create index push_subscriptions_session_idx on push_subscriptions (session_hash);

-- Only members who changed a switch have a row; the others get DEFAULT_PUSH_PREFERENCES.
create table push_preferences (
  user_id uuid primary key references users (id) on delete cascade,
  choices jsonb not null check (jsonb_typeof(choices) = 'object'),
  updated_at timestamptz not null default now()
);

-- One row per (notification, device) still to deliver, written in the notification's transaction.
-- The worker claims due rows (for update skip locked), leases them by moving due_at on, and deletes
-- them once delivered, refused or expired.
create table push_outbox (
  id bigint generated always as identity primary key,
  notification_id bigint not null references notifications (id) on delete cascade,
  subscription_id uuid not null references push_subscriptions (id) on delete cascade,
  attempts integer not null default 0,
  due_at timestamptz not null default now()
);

create index push_outbox_due_idx on push_outbox (due_at, id);

create index push_outbox_subscription_idx on push_outbox (subscription_id);
