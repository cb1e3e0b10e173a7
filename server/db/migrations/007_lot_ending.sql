-- The ending (docs/decisions/0023-lot-ending.md): the seller's next steps for the buyer (pickup or
-- shipping), entered when listing and shown to the winner and the seller once the lot is sold.
alter table lots add column next_steps text not null default '';
