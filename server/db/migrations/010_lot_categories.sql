-- Finding lots (docs/decisions/0026-finding-lots-and-demo-data.md): every lot has one category
-- from the fixed list in common/auction/finding.ts; lots listed before categories are 'other'.
alter table lots add column category text not null default 'other'
  check (category in ('art', 'books', 'cameras', 'collectibles', 'fashion', 'furniture', 'home',
                      'jewellery_watches', 'music', 'toys_games', 'other'));
-- The API requires a category on every new lot; the default only fills the existing rows and
-- rows written straight into the table (tests, benchmarks).

-- The list's sorts, each with the id tie-break its cursor pages by (server/repositories/lots/list.ts).
-- Price: the current price, or the starting price before the first bid.
create index lots_price_idx on lots (status, (coalesce(current_price, starting_price)), id);
create index lots_bids_idx on lots (status, bid_count desc, id);
create index lots_newest_idx on lots (status, created_at desc, id);
create index lots_category_idx on lots (category, status, ends_at);
