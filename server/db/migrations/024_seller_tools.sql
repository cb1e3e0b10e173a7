-- Issue 32 (docs/product.md "Seller tools"): when and why a lot was cancelled, so the room can say
-- "Cancelled by Lotline: {reason}" at the time of the cancel. The reason is the admin's; a
-- seller's own cancel leaves it null.
alter table lots add column cancelled_at timestamptz;
alter table lots add column cancel_reason text;
update lots set cancelled_at = coalesce(closed_at, updated_at) where status = 'cancelled';

-- A seller refuses a member's bids on all their lots (docs/security.md "Seller blocks").
create table seller_blocks (
  seller_id uuid not null references users (id) on delete cascade,
  bidder_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (seller_id, bidder_id),
  check (seller_id <> bidder_id)
);
create index seller_blocks_bidder on seller_blocks (bidder_id);
