-- Waiting-list offers (issue 27, docs/decisions/0060): when a place frees up, the next person
-- waiting is offered it by e-mail, and the place is held for them by a booking made with the same
-- conditional insert a booking form uses (adapters/d1/event-bookings.ts holdStatements), held
-- until the offer runs out. The entry names that booking; the ticket is the one its holder could
-- buy when they joined (the first main ticket open to them), null for entries made before this.
ALTER TABLE event_waitlist ADD COLUMN offer_booking_id TEXT;
ALTER TABLE event_waitlist ADD COLUMN ticket_code TEXT;
-- The sweep finds the events with someone waiting, and settles open offers, across all events.
CREATE INDEX event_waitlist_by_status ON event_waitlist (status, event_id, created_at);
