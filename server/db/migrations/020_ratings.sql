-- Ratings after an order (issue 29): once an order completes, its buyer and its seller may each
-- rate the other once (common/orders/ratings.ts). An admin may remove one with a reason; the row
-- stays (audited, and so the author cannot rate that order again) but counts nowhere.
create table ratings (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id),
  author_id uuid not null references users (id),
  subject_id uuid not null references users (id),
  -- The role of the member rated: the seller (rated by the buyer) or the buyer.
  role text not null check (role in ('seller', 'buyer')),
  score text not null check (score in ('positive', 'neutral', 'negative')),
  comment text not null default '' check (char_length(comment) <= 500),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  removed_at timestamptz,
  removed_reason text,
  removed_by uuid references users (id),
  unique (order_id, author_id),
  check (author_id <> subject_id),
  check ((removed_at is null) = (removed_by is null) and (removed_at is null) = (removed_reason is null))
);

-- A seller's profile: the ratings they received, newest first.
create index ratings_subject_idx on ratings (subject_id, role, created_at desc);

-- An admin's removal of a rating is audited like every admin action.
alter table admin_audit drop constraint admin_audit_action_check;
alter table admin_audit add constraint admin_audit_action_check check (
  action in ('wallet.adjust', 'member.role', 'member.suspend', 'member.unsuspend', 'lot.cancel',
             'top-up.refresh', 'order.resolve', 'rating.remove'));
alter table admin_audit drop constraint admin_audit_target_type_check;
alter table admin_audit add constraint admin_audit_target_type_check
  check (target_type in ('user', 'lot', 'top-up', 'order', 'rating'));
