-- Which request placed a bid is kept with its answer in idempotency_keys (decision 0017), claimed
-- and stored in the same transaction as the bid; bids.idempotency_key was written and never read.
alter table bids drop column idempotency_key;
