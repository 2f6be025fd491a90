-- Duplicate member records found and merged by staff (services/membership/member-merge.ts;
-- docs/decisions/0062-merging-duplicate-members.md).

-- Each record's match keys: what two records of one person are likely to share, normalised so
-- that small differences in typing do not hide them. Kept here, not as indexes on memberships or
-- applications: an index on those tables changes the plans of the register's and the dashboard's
-- queries, and the normalised values are not columns there anyway.
--   email          the address in lower case, without a +tag; Gmail's dots and googlemail.com folded
--   phone          the join form's telephone number without spaces, punctuation or a (0); +44 and 0044 as 0
--   name-postcode  the name in lower case with single spaces, and the join form's postcode without spaces
CREATE TABLE member_match_keys (
  kind TEXT NOT NULL CHECK (kind IN ('email', 'phone', 'name-postcode')),
  match_key TEXT NOT NULL,
  user_id TEXT NOT NULL,
  PRIMARY KEY (kind, match_key, user_id)
);
CREATE INDEX member_match_keys_user ON member_match_keys (user_id);

-- How many records share each key. The duplicates screen pages through the keys held by more than
-- one record by the partial index, so it reads only those, however many members there are.
CREATE TABLE member_match_groups (
  kind TEXT NOT NULL,
  match_key TEXT NOT NULL,
  records INTEGER NOT NULL,
  PRIMARY KEY (kind, match_key)
);
CREATE INDEX member_match_groups_shared ON member_match_groups (kind, match_key) WHERE records > 1;

CREATE TRIGGER member_match_key_added AFTER INSERT ON member_match_keys BEGIN
  INSERT INTO member_match_groups (kind, match_key, records) VALUES (NEW.kind, NEW.match_key, 1)
  ON CONFLICT (kind, match_key) DO UPDATE SET records = records + 1;
END;

CREATE TRIGGER member_match_key_removed AFTER DELETE ON member_match_keys BEGIN
  UPDATE member_match_groups SET records = records - 1 WHERE kind = OLD.kind AND match_key = OLD.match_key;
  DELETE FROM member_match_groups WHERE kind = OLD.kind AND match_key = OLD.match_key AND records <= 0;
END;

-- The keys of one record, from its own columns and its join application (the one it points to).
-- Written out in each trigger below (SQLite triggers cannot share a query): keep them the same.
CREATE TRIGGER member_match_keys_on_insert AFTER INSERT ON memberships BEGIN
  INSERT OR IGNORE INTO member_match_keys (kind, match_key, user_id)
  WITH r AS (
    SELECT lower(trim(NEW.email)) AS email,
      lower(trim(replace(replace(COALESCE(NEW.member_name, a.given_name || ' ' || a.family_name, ''), '  ', ' '), '  ', ' '))) AS name,
      upper(replace(COALESCE(json_extract(a.details, '$.address.postcode'), ''), ' ', '')) AS postcode,
      replace(replace(replace(replace(replace(replace(replace(COALESCE(json_extract(a.details, '$.phone'), ''), '(0)', ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '/', '') AS phone
    FROM (SELECT 1) LEFT JOIN applications AS a ON a.id = NEW.application_id
  ), e AS (
    SELECT CASE WHEN instr(email, '@') > 1 THEN substr(email, 1, instr(email, '@') - 1) END AS local,
      substr(email, instr(email, '@') + 1) AS domain, name, postcode, phone FROM r
  ), k AS (
    SELECT CASE WHEN instr(local, '+') > 1 THEN substr(local, 1, instr(local, '+') - 1) ELSE local END AS local,
      CASE WHEN domain = 'googlemail.com' THEN 'gmail.com' ELSE domain END AS domain, name, postcode,
      CASE WHEN phone GLOB '+44*' THEN '0' || substr(phone, 4) WHEN phone GLOB '0044*' THEN '0' || substr(phone, 5) ELSE phone END AS phone FROM e
  )
  SELECT 'email', (CASE WHEN domain = 'gmail.com' THEN replace(local, '.', '') ELSE local END) || '@' || domain, NEW.user_id FROM k WHERE local IS NOT NULL AND local <> ''
  UNION ALL SELECT 'phone', phone, NEW.user_id FROM k WHERE length(phone) >= 7
  UNION ALL SELECT 'name-postcode', name || '|' || postcode, NEW.user_id FROM k WHERE name <> '' AND postcode <> '';
END;

CREATE TRIGGER member_match_keys_on_update AFTER UPDATE OF user_id, email, member_name, application_id ON memberships BEGIN
  DELETE FROM member_match_keys WHERE user_id = OLD.user_id;
  INSERT OR IGNORE INTO member_match_keys (kind, match_key, user_id)
  WITH r AS (
    SELECT lower(trim(NEW.email)) AS email,
      lower(trim(replace(replace(COALESCE(NEW.member_name, a.given_name || ' ' || a.family_name, ''), '  ', ' '), '  ', ' '))) AS name,
      upper(replace(COALESCE(json_extract(a.details, '$.address.postcode'), ''), ' ', '')) AS postcode,
      replace(replace(replace(replace(replace(replace(replace(COALESCE(json_extract(a.details, '$.phone'), ''), '(0)', ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '/', '') AS phone
    FROM (SELECT 1) LEFT JOIN applications AS a ON a.id = NEW.application_id
  ), e AS (
    SELECT CASE WHEN instr(email, '@') > 1 THEN substr(email, 1, instr(email, '@') - 1) END AS local,
      substr(email, instr(email, '@') + 1) AS domain, name, postcode, phone FROM r
  ), k AS (
    SELECT CASE WHEN instr(local, '+') > 1 THEN substr(local, 1, instr(local, '+') - 1) ELSE local END AS local,
      CASE WHEN domain = 'googlemail.com' THEN 'gmail.com' ELSE domain END AS domain, name, postcode,
      CASE WHEN phone GLOB '+44*' THEN '0' || substr(phone, 4) WHEN phone GLOB '0044*' THEN '0' || substr(phone, 5) ELSE phone END AS phone FROM e
  )
  SELECT 'email', (CASE WHEN domain = 'gmail.com' THEN replace(local, '.', '') ELSE local END) || '@' || domain, NEW.user_id FROM k WHERE local IS NOT NULL AND local <> ''
  UNION ALL SELECT 'phone', phone, NEW.user_id FROM k WHERE length(phone) >= 7
  UNION ALL SELECT 'name-postcode', name || '|' || postcode, NEW.user_id FROM k WHERE name <> '' AND postcode <> '';
END;

CREATE TRIGGER member_match_keys_on_delete AFTER DELETE ON memberships BEGIN
  DELETE FROM member_match_keys WHERE user_id = OLD.user_id;
END;

-- A change of the join application's name, phone or address makes its record's keys again, by
-- the record's own trigger above: setting application_id to itself changes nothing else (not even
-- `updated_at`, which the office's forms compare). Found by the record's primary key.
CREATE TRIGGER member_match_keys_on_application AFTER UPDATE OF given_name, family_name, details ON applications BEGIN
  UPDATE memberships SET application_id = application_id WHERE user_id = NEW.user_id AND application_id = NEW.id;
END;

-- The keys of the records there already are.
UPDATE memberships SET application_id = application_id;

-- A record merged into another: its tombstone, naming the record that survived. The merged-away
-- record's row in memberships goes (so it is counted, listed and renewed nowhere); this keeps what
-- it was (`merged_record`, JSON) and the survivor's values before (`survivor_before`), so the merge
-- can be explained later, and the member number that is no longer anyone's, so it is never given
-- again.
CREATE TABLE member_merges (
  id TEXT PRIMARY KEY,
  merged_user_id TEXT NOT NULL UNIQUE,
  survivor_user_id TEXT NOT NULL,
  retired_number INTEGER,
  merged_record TEXT,
  survivor_before TEXT,
  staff_email TEXT NOT NULL,
  reason TEXT,
  merged_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX member_merges_survivor ON member_merges (survivor_user_id);
CREATE INDEX member_merges_retired_number ON member_merges (retired_number) WHERE retired_number IS NOT NULL;

-- A merge moves each table's rows of the merged-away record by their user id: these three had no
-- index to find them by.
CREATE INDEX refunds_user ON refunds (user_id);
CREATE INDEX discount_redemptions_user ON discount_redemptions (user_id);
CREATE INDEX event_waitlist_user ON event_waitlist (user_id);

-- Activation gives the next number after the highest ever given, a merged-away record's included.
DROP TRIGGER memberships_number_on_insert;
CREATE TRIGGER memberships_number_on_insert AFTER INSERT ON memberships
WHEN NEW.status = 'active' AND NEW.member_number IS NULL
BEGIN
  UPDATE memberships SET member_number = max(
    (SELECT COALESCE(MAX(member_number), 0) FROM memberships),
    (SELECT COALESCE(MAX(retired_number), 0) FROM member_merges)) + 1
  WHERE user_id = NEW.user_id;
END;

DROP TRIGGER memberships_number_on_activation;
CREATE TRIGGER memberships_number_on_activation AFTER UPDATE OF status ON memberships
WHEN NEW.status = 'active' AND NEW.member_number IS NULL
BEGIN
  UPDATE memberships SET member_number = max(
    (SELECT COALESCE(MAX(member_number), 0) FROM memberships),
    (SELECT COALESCE(MAX(retired_number), 0) FROM member_merges)) + 1
  WHERE user_id = NEW.user_id;
END;

-- A refund, once recorded, never changes (0018), but for the same move of its owner by a merge.
DROP TRIGGER refunds_never_changed;
CREATE TRIGGER refunds_never_changed BEFORE UPDATE ON refunds
WHEN NOT (
  NEW.user_id IS NOT OLD.user_id
  AND EXISTS (SELECT 1 FROM member_merges WHERE merged_user_id = OLD.user_id AND survivor_user_id = NEW.user_id)
  AND NEW.id IS OLD.id AND NEW.source IS OLD.source AND NEW.payment_id IS OLD.payment_id AND NEW.application_id IS OLD.application_id
  AND NEW.order_id IS OLD.order_id AND NEW.method IS OLD.method AND NEW.amount_pence IS OLD.amount_pence AND NEW.reason IS OLD.reason
  AND NEW.refunded_on IS OLD.refunded_on AND NEW.recorded_by IS OLD.recorded_by AND NEW.created_at IS OLD.created_at
)
BEGIN
  SELECT RAISE(ABORT, 'A refund is never changed once recorded');
END;

-- Receipts, credit notes and pro-forma invoices never change once issued. A merge adds a second
-- exception to erasure's (0021, 0026, 0030, kept exactly): the owner (`user_id`) alone may move,
-- and only from a merged-away record to the record it was merged into, as its tombstone says.
-- What the document says (its number, payer, amounts, dates) stays as issued.
DROP TRIGGER receipts_never_changed;
CREATE TRIGGER receipts_never_changed BEFORE UPDATE ON receipts
WHEN NOT (
  (
    NEW.payer_name IS 'Erased member'
    AND NEW.payer_email GLOB 'erased:*'
    AND length(NEW.payer_email) = 71
    AND (OLD.payer_name IS NOT 'Erased member' OR OLD.payer_email IS NEW.payer_email)
    AND NEW.user_id IS OLD.user_id
  ) OR (
    NEW.user_id IS NOT OLD.user_id
    AND EXISTS (SELECT 1 FROM member_merges WHERE merged_user_id = OLD.user_id AND survivor_user_id = NEW.user_id)
    AND NEW.payer_name IS OLD.payer_name AND NEW.payer_email IS OLD.payer_email
  )
)
OR NOT (
  NEW.number IS OLD.number AND NEW.year IS OLD.year AND NEW.seq IS OLD.seq
  AND NEW.source IS OLD.source AND NEW.payment_id IS OLD.payment_id
  AND NEW.application_id IS OLD.application_id AND NEW.order_id IS OLD.order_id
  AND NEW.items IS OLD.items AND NEW.total_pence IS OLD.total_pence
  AND NEW.method IS OLD.method AND NEW.paid_on IS OLD.paid_on
  AND NEW.payment_reference IS OLD.payment_reference AND NEW.issued_at IS OLD.issued_at
  AND NEW.net_pence IS OLD.net_pence AND NEW.vat_pence IS OLD.vat_pence
  AND NEW.billing IS OLD.billing
)
BEGIN
  SELECT RAISE(ABORT, 'A receipt is never changed once issued');
END;

DROP TRIGGER credit_notes_never_changed;
CREATE TRIGGER credit_notes_never_changed BEFORE UPDATE ON credit_notes
WHEN NOT (
  (
    NEW.payer_name IS 'Erased member'
    AND NEW.payer_email GLOB 'erased:*'
    AND length(NEW.payer_email) = 71
    AND (OLD.payer_name IS NOT 'Erased member' OR OLD.payer_email IS NEW.payer_email)
    AND NEW.user_id IS OLD.user_id
  ) OR (
    NEW.user_id IS NOT OLD.user_id
    AND EXISTS (SELECT 1 FROM member_merges WHERE merged_user_id = OLD.user_id AND survivor_user_id = NEW.user_id)
    AND NEW.payer_name IS OLD.payer_name AND NEW.payer_email IS OLD.payer_email
  )
)
OR NOT (
  NEW.number IS OLD.number AND NEW.year IS OLD.year AND NEW.seq IS OLD.seq
  AND NEW.refund_id IS OLD.refund_id AND NEW.source IS OLD.source AND NEW.payment_id IS OLD.payment_id
  AND NEW.receipt_number IS OLD.receipt_number AND NEW.application_id IS OLD.application_id
  AND NEW.order_id IS OLD.order_id
  AND NEW.description IS OLD.description AND NEW.reason IS OLD.reason
  AND NEW.total_pence IS OLD.total_pence AND NEW.method IS OLD.method
  AND NEW.refunded_on IS OLD.refunded_on AND NEW.issued_at IS OLD.issued_at
  AND NEW.net_pence IS OLD.net_pence AND NEW.vat_pence IS OLD.vat_pence AND NEW.lines IS OLD.lines
)
BEGIN
  SELECT RAISE(ABORT, 'A credit note is never changed once issued');
END;

DROP TRIGGER pro_forma_invoices_never_changed;
CREATE TRIGGER pro_forma_invoices_never_changed BEFORE UPDATE ON pro_forma_invoices
WHEN NOT (
  (
    NEW.buyer_name IS 'Erased member'
    AND NEW.buyer_email GLOB 'erased:*'
    AND length(NEW.buyer_email) = 71
    AND (OLD.buyer_name IS NOT 'Erased member' OR OLD.buyer_email IS NEW.buyer_email)
    AND NEW.user_id IS OLD.user_id
  ) OR (
    NEW.user_id IS NOT OLD.user_id
    AND EXISTS (SELECT 1 FROM member_merges WHERE merged_user_id = OLD.user_id AND survivor_user_id = NEW.user_id)
    AND NEW.buyer_name IS OLD.buyer_name AND NEW.buyer_email IS OLD.buyer_email
  )
)
OR NOT (
  NEW.number IS OLD.number AND NEW.year IS OLD.year AND NEW.seq IS OLD.seq
  AND NEW.source IS OLD.source AND NEW.application_id IS OLD.application_id
  AND NEW.order_id IS OLD.order_id
  AND NEW.content_key IS OLD.content_key AND NEW.billing IS OLD.billing
  AND NEW.items IS OLD.items AND NEW.total_pence IS OLD.total_pence
  AND NEW.net_pence IS OLD.net_pence AND NEW.vat_pence IS OLD.vat_pence
  AND NEW.payment_reference IS OLD.payment_reference AND NEW.due_on IS OLD.due_on
  AND NEW.issued_by IS OLD.issued_by AND NEW.issued_at IS OLD.issued_at
)
BEGIN
  SELECT RAISE(ABORT, 'A pro-forma invoice is never changed once issued');
END;
