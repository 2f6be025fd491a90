-- Merging two records that both have a sign-in account (docs/decisions/0072): the record merged
-- away keeps its Firebase account until the site disables it, which happens after the merge's
-- batch and may have to wait for Firebase. The tombstone remembers the account still to disable,
-- so the ten-minute sweep tries again until Firebase has done it.
ALTER TABLE member_merges ADD COLUMN account_to_disable TEXT;
ALTER TABLE member_merges ADD COLUMN account_disabled_at TEXT;
ALTER TABLE member_merges ADD COLUMN account_disable_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE member_merges ADD COLUMN account_disable_error TEXT;

-- The sweep reads only the accounts still to disable, oldest merge first.
CREATE INDEX member_merges_accounts_to_disable ON member_merges (merged_at, id)
  WHERE account_to_disable IS NOT NULL AND account_disabled_at IS NULL;
