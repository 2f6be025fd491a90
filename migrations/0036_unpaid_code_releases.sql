-- Unpaid orders and applications give their discount-code uses back (docs/decisions/0027-discount-codes.md, "Amended").

-- When the daily job released the use of a code by a join application still awaiting payment
-- after UNPAID_DAYS (services/maintenance/unpaid-releases.ts). A released use stops counting
-- against the code's caps while its application stays unpaid, and counts again once it is paid.
-- Orders need no column: the job cancels a stale unpaid order, and a cancelled order's use never counts.
ALTER TABLE discount_redemptions ADD COLUMN released_at TEXT;
