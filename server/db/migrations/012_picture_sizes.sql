-- Responsive copies of lot pictures (docs/decisions/0031-responsive-pictures.md): the original's
-- size and the widths of the WebP copies made at upload, named `<file without ext>-<w>w.webp`.
-- Pictures stored before this keep no copies (empty widths) and an unknown size: the app shows
-- the original for them, as before.
alter table lot_pictures
  add column width integer check (width > 0),
  add column height integer check (height > 0),
  add column widths integer[] not null default '{}';
