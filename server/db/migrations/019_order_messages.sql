-- One message thread per order (issue 29): its buyer, its seller and, on a problem, an admin.

create table order_messages (
  -- Oldest first, and the thread's page cursor.
  id bigint generated always as identity primary key,
  order_id uuid not null references orders (id) on delete cascade,
  author_id uuid not null references users (id),
  body text not null check (char_length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);

-- The thread's pages and its unread counts.
create index order_messages_order_idx on order_messages (order_id, id);

-- How far each participant has read a thread: everything up to last_read_id (their own messages
-- never count as unread). No row: nothing read yet.
create table order_message_reads (
  order_id uuid not null references orders (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  last_read_id bigint not null default 0,
  primary key (order_id, user_id)
);

-- The tab badge: a member's reads across their orders.
create index order_message_reads_user_idx on order_message_reads (user_id);
