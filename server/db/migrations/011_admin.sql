-- The admin area (decision 0027): suspended members, and the audit of every admin action.

-- A suspended member cannot sign in; their sessions are deleted when they are suspended.
alter table users add column suspended_at timestamptz;

-- One row per admin action, written in the same transaction as the action itself.
create table admin_audit (
  id bigserial primary key,
  admin_id uuid not null references users (id),
  action text not null check (
    action in (
      'wallet.adjust',
      'member.role',
      'member.suspend',
      'member.unsuspend',
      'lot.cancel',
      'top-up.refresh'
    )
  ),
  target_type text not null check (target_type in ('user', 'lot', 'top-up')),
  target_id text not null,
  reason text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);

create index admin_audit_target_idx on admin_audit (target_type, target_id);
