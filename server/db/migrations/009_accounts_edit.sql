-- Editing and deleting accounts (docs/decisions/0025-seller-panel-and-account.md).

-- A deleted account keeps its row (the ledger, lots and bids point at it) with its personal data
-- replaced; this says when it was deleted.
alter table users add column deleted_at timestamptz;

-- Chosen aliases are unique whatever their case: "bidder 7f3a" cannot pass for "Bidder 7F3A".
create unique index users_alias_lower_key on users (lower(alias));
