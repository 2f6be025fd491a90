-- Find a practitioner: a listing's photo (docs/decisions/0071-practitioner-photo-map-postcodes.md).
-- The bytes are in R2 (PRACTITIONER_PHOTOS) under `photo_key`; `photo_version` is the start of
-- their SHA-256, in the photo's public address, so a replaced photo gets a new address and the old
-- one can be kept by browsers for a year. Width and height are read from the file when it is
-- uploaded, for the page's <img> (no layout shift). Written by the listing's UPDATE, so the
-- listings' generation moves with a photo change.
ALTER TABLE practitioner_listings ADD COLUMN photo_key TEXT;
ALTER TABLE practitioner_listings ADD COLUMN photo_version TEXT;
ALTER TABLE practitioner_listings ADD COLUMN photo_type TEXT;
ALTER TABLE practitioner_listings ADD COLUMN photo_width INTEGER;
ALTER TABLE practitioner_listings ADD COLUMN photo_height INTEGER;
