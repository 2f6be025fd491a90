-- Talking to members, more audiences (docs/decisions/0065-audience-facts.md): the few facts about
-- a member an audience can pick them by (country, region, specialisation, when they joined) in
-- indexed columns, normalised once, kept in step with the writes by triggers. The facts
-- themselves live where joining put them (the latest join application's details JSON, the
-- membership's period), which no index can reach.

CREATE TABLE member_audience_facts (
  user_id TEXT NOT NULL,
  -- ISO 3166-1 alpha-2, upper case, from the address's country code.
  country TEXT,
  -- The address's region (county, state or province) and the specialisation, lower case and
  -- trimmed: a filter matches them whatever case staff or the member typed.
  region_key TEXT,
  specialisation_key TEXT,
  -- The first day of membership the site knows (YYYY-MM-DD): the earliest period start the
  -- record has had.
  joined_on TEXT
);

-- One row per member, found by its user id when another index drives an audience's walk (named,
-- so an audience statement can insist on it: see src/adapters/d1/member-audience.ts).
CREATE UNIQUE INDEX member_audience_facts_user ON member_audience_facts (user_id);

-- An audience narrowed to a region, a specialisation or a country is walked from here, in user id
-- order (keyset pages), so it reads only the members it holds.
CREATE INDEX member_audience_facts_region ON member_audience_facts (region_key, user_id) WHERE region_key IS NOT NULL;
CREATE INDEX member_audience_facts_specialisation ON member_audience_facts (specialisation_key, user_id) WHERE specialisation_key IS NOT NULL;
CREATE INDEX member_audience_facts_country ON member_audience_facts (country, user_id) WHERE country IS NOT NULL;

-- The member's details from their latest join application. The triggers add the row and then
-- update it rather than upsert: a trigger run by an INSERT OR IGNORE (or an upsert) would take
-- that statement's conflict handling instead of its own (see migration 0043).
CREATE TRIGGER member_audience_facts_application_insert AFTER INSERT ON applications
WHEN NEW.kind = 'join' AND json_valid(NEW.details)
BEGIN
  INSERT INTO member_audience_facts (user_id) SELECT NEW.user_id
  WHERE NOT EXISTS (SELECT 1 FROM member_audience_facts WHERE user_id = NEW.user_id);
  UPDATE member_audience_facts SET
    country = upper(nullif(trim(json_extract(NEW.details, '$.address.countryCode')), '')),
    region_key = lower(nullif(trim(json_extract(NEW.details, '$.address.region')), '')),
    specialisation_key = lower(nullif(trim(json_extract(NEW.details, '$.professional.specialisation')), ''))
  WHERE user_id = NEW.user_id;
END;

-- An edit on /user/profile (or by staff) rewrites the latest join application's details; an
-- older application's do not count.
CREATE TRIGGER member_audience_facts_application_update AFTER UPDATE OF details ON applications
WHEN NEW.kind = 'join' AND json_valid(NEW.details)
  AND NOT EXISTS (SELECT 1 FROM applications AS later WHERE later.user_id = NEW.user_id AND later.kind = 'join' AND later.created_at > NEW.created_at)
BEGIN
  INSERT INTO member_audience_facts (user_id) SELECT NEW.user_id
  WHERE NOT EXISTS (SELECT 1 FROM member_audience_facts WHERE user_id = NEW.user_id);
  UPDATE member_audience_facts SET
    country = upper(nullif(trim(json_extract(NEW.details, '$.address.countryCode')), '')),
    region_key = lower(nullif(trim(json_extract(NEW.details, '$.address.region')), '')),
    specialisation_key = lower(nullif(trim(json_extract(NEW.details, '$.professional.specialisation')), ''))
  WHERE user_id = NEW.user_id;
END;

-- When they joined: a renewal moves the period's start on, the earliest one stays.
CREATE TRIGGER member_audience_facts_membership_insert AFTER INSERT ON memberships
WHEN NEW.period_start IS NOT NULL
BEGIN
  INSERT INTO member_audience_facts (user_id) SELECT NEW.user_id
  WHERE NOT EXISTS (SELECT 1 FROM member_audience_facts WHERE user_id = NEW.user_id);
  UPDATE member_audience_facts SET joined_on = substr(NEW.period_start, 1, 10)
  WHERE user_id = NEW.user_id AND (joined_on IS NULL OR joined_on > substr(NEW.period_start, 1, 10));
END;

CREATE TRIGGER member_audience_facts_membership_period AFTER UPDATE OF period_start ON memberships
WHEN NEW.period_start IS NOT NULL
BEGIN
  INSERT INTO member_audience_facts (user_id) SELECT NEW.user_id
  WHERE NOT EXISTS (SELECT 1 FROM member_audience_facts WHERE user_id = NEW.user_id);
  UPDATE member_audience_facts SET joined_on = substr(NEW.period_start, 1, 10)
  WHERE user_id = NEW.user_id AND (joined_on IS NULL OR joined_on > substr(NEW.period_start, 1, 10));
END;

-- An imported record claimed by its owner's account: its joining date goes with it.
CREATE TRIGGER member_audience_facts_follow_claim AFTER UPDATE OF user_id ON memberships
WHEN NEW.user_id <> OLD.user_id
BEGIN
  INSERT INTO member_audience_facts (user_id) SELECT NEW.user_id
  WHERE NOT EXISTS (SELECT 1 FROM member_audience_facts WHERE user_id = NEW.user_id);
  UPDATE member_audience_facts SET joined_on = (SELECT min(j) FROM (
      SELECT joined_on AS j FROM member_audience_facts WHERE user_id IN (OLD.user_id, NEW.user_id) AND joined_on IS NOT NULL
      UNION ALL SELECT substr(NEW.period_start, 1, 10) WHERE NEW.period_start IS NOT NULL))
  WHERE user_id = NEW.user_id;
  DELETE FROM member_audience_facts WHERE user_id = OLD.user_id;
END;

-- What the register holds already. Renewals moved period starts on before this table kept the
-- earliest, so a paid join application's day counts too.
INSERT INTO member_audience_facts (user_id, country, region_key, specialisation_key)
SELECT a.user_id,
  upper(nullif(trim(json_extract(a.details, '$.address.countryCode')), '')),
  lower(nullif(trim(json_extract(a.details, '$.address.region')), '')),
  lower(nullif(trim(json_extract(a.details, '$.professional.specialisation')), ''))
FROM applications AS a
WHERE a.kind = 'join' AND json_valid(a.details)
  AND NOT EXISTS (SELECT 1 FROM applications AS later WHERE later.user_id = a.user_id AND later.kind = 'join'
    AND (later.created_at > a.created_at OR (later.created_at = a.created_at AND later.id > a.id)));

INSERT INTO member_audience_facts (user_id)
SELECT m.user_id FROM memberships AS m WHERE NOT EXISTS (SELECT 1 FROM member_audience_facts AS f WHERE f.user_id = m.user_id);

UPDATE member_audience_facts SET joined_on = (SELECT min(j) FROM (
    SELECT substr(m.period_start, 1, 10) AS j FROM memberships AS m WHERE m.user_id = member_audience_facts.user_id AND m.period_start IS NOT NULL
    UNION ALL
    SELECT substr(a.created_at, 1, 10) FROM applications AS a WHERE a.user_id = member_audience_facts.user_id AND a.kind = 'join' AND a.status = 'paid'));
