-- Events (issue 27, docs/decisions/0052): the CMS says what an event sells; these tables say who
-- holds, booked and waits for its places. A place is an attendee row: it counts against the
-- event's and its ticket type's capacity while it is confirmed, or held and its hold
-- has not expired. Places are taken by one conditional INSERT … SELECT whose WHERE counts what is
-- taken, so two buyers for the last place cannot both get it (D1 runs one statement at a time).

-- One buyer's places of one ticket type, bought as one cart line (cart item `booking:<id>`).
CREATE TABLE event_bookings (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL,
  event_slug TEXT NOT NULL,
  user_id TEXT NOT NULL,
  ticket_code TEXT NOT NULL,
  title TEXT NOT NULL,
  places INTEGER NOT NULL CHECK (places BETWEEN 1 AND 10),
  unit_pence INTEGER NOT NULL CHECK (unit_pence >= 0),
  total_pence INTEGER NOT NULL CHECK (total_pence >= 0),
  vat_treatment TEXT NOT NULL,
  -- The capacities when the places were taken (the CMS's, copied), so that a payment arriving
  -- after the hold ran out can be checked against them in SQL alone.
  counts_for_event INTEGER NOT NULL CHECK (counts_for_event IN (0, 1)),
  event_capacity INTEGER,
  ticket_capacity INTEGER,
  -- held: in a cart or an order awaiting payment, until hold_expires_at; confirmed: paid
  -- (or free); cancelled: by the buyer or staff; lost: paid after the hold expired and the places
  -- went to someone else (refunded); expired: the hold ran out before checkout.
  status TEXT NOT NULL CHECK (status IN ('held', 'confirmed', 'cancelled', 'lost', 'expired')),
  hold_expires_at TEXT NOT NULL,
  order_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX event_bookings_by_user ON event_bookings (user_id, created_at);
CREATE INDEX event_bookings_by_order ON event_bookings (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX event_bookings_by_event ON event_bookings (event_id, status);

-- One person's place; its status and hold follow its booking's (copied, so counting places reads
-- one indexed table). qr_token is the random code printed on the ticket and scanned at the door.
CREATE TABLE event_attendees (
  id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  ticket_code TEXT NOT NULL,
  counts_for_event INTEGER NOT NULL CHECK (counts_for_event IN (0, 1)),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  answers TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL,
  hold_expires_at TEXT NOT NULL,
  qr_token TEXT NOT NULL UNIQUE,
  checked_in_at TEXT,
  checked_in_by TEXT,
  attended_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX event_attendees_places ON event_attendees (event_id, ticket_code, status, hold_expires_at);
CREATE INDEX event_attendees_by_booking ON event_attendees (booking_id);
CREATE INDEX event_attendees_by_event_name ON event_attendees (event_id, name);

-- The waiting list: first come, first offered. An offer is valid until offer_expires_at; then
-- the next person is offered the place.
CREATE TABLE event_waitlist (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  email TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('waiting', 'offered', 'booked', 'lapsed', 'closed', 'left')),
  offer_expires_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (event_id, user_id)
);
CREATE INDEX event_waitlist_queue ON event_waitlist (event_id, status, created_at);
