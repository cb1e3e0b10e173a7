-- Orders after the hammer (issue 29, decision 0051).

-- How a lot reaches its buyer: a flat shipping cost (0 allowed), a pickup town, or both. Lots
-- listed before this have neither: their orders are arranged as a pickup.
alter table lots
  add column shipping_cost bigint check (shipping_cost between 0 and 1000000),
  add column pickup_town text;

-- Ledger accounts: a member's `available` money (what the balance has always been), the seller's
-- `pending` proceeds of orders not yet completed, and the `house`, which has no member and takes
-- the fees. Each sale's entries sum to zero across the three.
alter table ledger_entries
  alter column user_id drop not null,
  add column account text not null default 'available'
    check (account in ('available', 'pending', 'house')),
  add column order_id uuid,
  add constraint ledger_entries_house_has_no_member check ((account = 'house') = (user_id is null));

alter table ledger_entries drop constraint ledger_entries_kind_check;
alter table ledger_entries add constraint ledger_entries_kind_check
  check (kind in ('top_up', 'purchase', 'sale', 'refund', 'adjustment', 'fee', 'release', 'reversal'));

create index ledger_entries_order_idx on ledger_entries (order_id) where order_id is not null;

-- One order per sold lot, made by the settlement that sells it.
create table orders (
  id uuid primary key default gen_random_uuid(),
  -- Newest first, and the lists' cursor.
  seq bigint generated always as identity unique,
  lot_id uuid not null unique references lots (id),
  buyer_id uuid not null references users (id),
  seller_id uuid not null references users (id),
  state text not null check (state in ('awaiting_address', 'awaiting_shipment', 'shipped',
    'awaiting_pickup', 'problem', 'completed', 'refunded')),
  state_since timestamptz not null,
  delivery text not null check (delivery in ('shipping', 'pickup', 'either')),
  -- The sale's split at settlement (common/orders/fees.ts); shipping becomes 0 if the buyer of a
  -- lot offering both picks the pickup (and is paid it back).
  hammer bigint not null check (hammer >= 0),
  premium bigint not null check (premium >= 0),
  shipping bigint not null check (shipping >= 0),
  seller_fee bigint not null check (seller_fee >= 0),
  pickup_town text,
  -- A copy of the address it ships to: editing the book later never changes an order.
  ship_to jsonb,
  carrier text,
  tracking_number text,
  refunded_amount bigint check (refunded_amount > 0),
  version integer not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index orders_buyer_idx on orders (buyer_id, seq);
create index orders_seller_idx on orders (seller_id, seq);
create index orders_state_idx on orders (state, state_since);

-- The order's timeline: every move, who made it and when.
create table order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references orders (id) on delete cascade,
  state text not null,
  move text not null,
  actor_id uuid references users (id),
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null
);

create index order_events_order_idx on order_events (order_id, id);

-- An admin's resolution of an order's problem is audited like every admin action.
alter table admin_audit drop constraint admin_audit_action_check;
alter table admin_audit add constraint admin_audit_action_check check (
  action in ('wallet.adjust', 'member.role', 'member.suspend', 'member.unsuspend', 'lot.cancel',
             'top-up.refresh', 'order.resolve'));
alter table admin_audit drop constraint admin_audit_target_type_check;
alter table admin_audit add constraint admin_audit_target_type_check
  check (target_type in ('user', 'lot', 'top-up', 'order'));
