-- Card top-ups through Stripe PaymentIntents; credited exactly once (see ledger_entries'
-- unique payment_intent_id index).
create table top_ups (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  -- The client's Idempotency-Key: a double click or a reload reuses the same top-up.
  client_key text not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  payment_intent_id text,
  status text not null default 'created'
    check (status in ('created', 'processing', 'requires_action', 'succeeded', 'failed', 'canceled')),
  failure_message text,
  credited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, client_key)
);

create unique index top_ups_payment_intent_key on top_ups (payment_intent_id)
  where payment_intent_id is not null;

create index top_ups_pending_idx on top_ups (status, updated_at)
  where status in ('created', 'processing', 'requires_action');

-- Every verified webhook delivery, once: an audit trail and a dedupe of redeliveries.
create table stripe_events (
  id text primary key,
  type text not null,
  payment_intent_id text,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);
