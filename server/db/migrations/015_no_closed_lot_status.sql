-- 'closed' was never written: the transaction that ends a lot also settles it (settled or unsold),
-- so the status is refused like any other unknown one (docs/rules.md).
alter table lots drop constraint lots_status_check;
alter table lots
  add constraint lots_status_check
  check (status in ('scheduled', 'open', 'settled', 'unsold', 'cancelled'));
