-- A leader raising their own maximum is recorded (audit, idempotent replays) but is not a public
-- bid: it does not appear in the history, in events, or in the bid count.
alter table bids add column visible boolean not null default true;
