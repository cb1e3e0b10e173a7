-- Several pictures per lot (docs/decisions/0024-lot-pictures-gallery.md): one row per picture,
-- in the seller's order (position 0 is the cover). The lot's single image_path moves here.
create table lot_pictures (
  id uuid primary key default gen_random_uuid(),
  lot_id uuid not null references lots (id) on delete cascade,
  -- The file under DATA_DIR/uploads, named `lots/<lot id>-<sha256 prefix>.<ext>` (0010).
  path text not null,
  position integer not null check (position >= 0 and position < 8),
  created_at timestamptz not null default now(),
  -- The same file twice on one lot would be one file for two rows: deleting one would break the other.
  unique (lot_id, path)
);

-- Positions are rewritten as a whole under the lot's row lock (reorder, removal): not unique on
-- purpose, so a rewrite never trips over itself mid-statement; the order is (position, created_at).
create index lot_pictures_lot on lot_pictures (lot_id, position);

insert into lot_pictures (lot_id, path, position)
  select id, image_path, 0 from lots where image_path is not null;

alter table lots drop column image_path;
