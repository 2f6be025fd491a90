-- A member suspended by the membership office (migrations/0051) leaves Find a practitioner at
-- once and comes back when reinstated: the public search's listing rule reads `suspended_on`
-- (adapters/d1/practitioner-listings.ts), and a change of it moves the listings generation so no
-- edge-cached search or profile page keeps showing them (as the triggers of migrations/0050 do
-- for a lapse or a renewal).
CREATE TRIGGER practitioner_membership_suspension AFTER UPDATE OF suspended_on ON memberships
  WHEN EXISTS (SELECT 1 FROM practitioner_listings WHERE user_id = NEW.user_id) BEGIN
  UPDATE practitioner_generation SET generation = generation + 1 WHERE id = 1;
END;
