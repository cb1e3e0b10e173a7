-- E-mail (issue 31, decision 0054): a durable outbox, single-use tokens for password reset, address
-- verification and e-mail change, verified addresses, and e-mail alert preferences.

-- Members who signed up before addresses were checked keep what they had: verified.
alter table users add column email_verified_at timestamptz;
update users set email_verified_at = created_at;

-- The language mails to the member are written in: set at sign-up from the app's language, and
-- whenever the member picks another one.
alter table users add column lang text not null default 'en' check (lang in ('en', 'es'));

-- Every mail is a row written in the transaction of the event that causes it; a worker sends it
-- (any number of nodes: rows are claimed with `for update skip locked` and leased by
-- `locked_until`), retries with backoff, and gives up into `dead` (shown in /admin). In local mode
-- without SMTP_URL a mail is `kept`: readable at /dev/mail, never sent.
create table mail_outbox (
  id bigint generated always as identity primary key,
  -- The member it is for; null for an address that is not (yet) a member's.
  user_id uuid references users (id) on delete set null,
  to_address text not null,
  to_name text,
  kind text not null,
  lang text not null default 'en',
  subject text not null,
  text_body text not null,
  html_body text not null,
  -- Extra headers already checked (List-Unsubscribe, List-Unsubscribe-Post).
  headers jsonb not null default '{}' check (jsonb_typeof(headers) = 'object'),
  -- Stable for the row: a resend after a crash is the same message to the receiver.
  message_id text not null unique,
  status text not null default 'pending'
    check (status in ('pending', 'sending', 'sent', 'dead', 'kept')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create index mail_outbox_due_idx on mail_outbox (next_attempt_at, id)
  where status in ('pending', 'sending');
create index mail_outbox_user_idx on mail_outbox (user_id, id);
create index mail_outbox_status_idx on mail_outbox (status, id);

-- Single-use tokens sent by mail. Only a hash is stored; the token itself exists only in the mail.
create table auth_tokens (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('password_reset', 'verify_email', 'change_email')),
  token_hash text not null unique,
  -- change_email: the address that becomes the member's once confirmed.
  new_email text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create index auth_tokens_user_idx on auth_tokens (user_id, purpose, id);

-- Alert choices per channel beyond push (push keeps push_preferences): 'email' and 'in_app'. Only
-- members who changed a choice have a row.
create table alert_preferences (
  user_id uuid not null references users (id) on delete cascade,
  channel text not null check (channel in ('email', 'in_app')),
  choices jsonb not null check (jsonb_typeof(choices) = 'object'),
  updated_at timestamptz not null default now(),
  primary key (user_id, channel)
);
