-- Indexes for the staff lists, exports and the member timeline at hundreds of thousands of rows
-- (docs/decisions/0040-exports-at-scale.md).

-- The members register's tabs: each state is one stored status and a range of period ends
-- (services/membership/member-state-windows.ts), read in period-end order. The expression is the
-- register's own (adapters/d1/members-register.ts, PERIOD_END_KEY): a day or an instant as
-- seconds since 1970, an open end as "never"; it must stay character for character the same.
CREATE INDEX memberships_state_end ON memberships (status, COALESCE(unixepoch(period_end, 'subsec'), 100000000000), user_id);
-- Cancelled and unpaid records, latest change first.
CREATE INDEX memberships_state_changed ON memberships (status, updated_at, user_id);

-- A member's timeline: their membership payments.
CREATE INDEX payments_user ON payments (user_id, created_at);

-- Audit entries of one kind (a message sent again, an e-mail change), so a member's trail does
-- not read the whole log (an application's and an order's entries: migration 0038).
CREATE INDEX staff_audit_log_action ON staff_audit_log (action, id);

-- The applications and orders lists and exports, by status and newest first, paged by key.
CREATE INDEX applications_status_created ON applications (status, created_at, id);
CREATE INDEX applications_created ON applications (created_at, id);
CREATE INDEX orders_status_created ON orders (status, created_at, id);
CREATE INDEX orders_created ON orders (created_at, id);

PRAGMA optimize;
