-- A top-up paid at Stripe that would take the balance over the cap is refunded, never credited
-- (decision 0017). `refunded` is final; `refund_id` is Stripe's refund, null until Stripe has
-- answered — the webhook and the reconciler retry the refund (same Stripe idempotency key) until
-- it is set.
alter table top_ups drop constraint top_ups_status_check;

alter table top_ups add constraint top_ups_status_check
  check (status in ('created', 'processing', 'requires_action', 'succeeded', 'failed', 'canceled', 'refunded'));

alter table top_ups add column refund_id text;

create index top_ups_refund_due_idx on top_ups (updated_at)
  where status = 'refunded' and refund_id is null;
