-- Refunds and disputes of membership payments (docs/decisions/0026-membership-refunds.md).

-- The day a membership ends without renewing, chosen by staff with a refund: today ("end the
-- membership now"), or the end of the period paid for ("leave it to run to the period end"). A
-- card subscription is then cancelled (now) or set to cancel at its period end in Stripe. Shown on
-- the member's record; NULL for a membership that renews as usual.
ALTER TABLE memberships ADD COLUMN ends_on TEXT;

-- The members register flags members with an open dispute of a membership payment.
CREATE INDEX disputes_open_membership ON disputes (user_id) WHERE source = 'membership' AND status = 'open';
