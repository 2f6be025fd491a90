-- The daily job's membership year at any size: it reads members due a lapse or a reminder in
-- bounded keyset pages and records how far it has gone after every page, in the same batch as
-- that page's writes, so a run cut off midway resumes where it stopped (on the jobs queue) and a
-- rerun writes nothing twice.

-- One row per run, named by its clock (the cron's scheduled time, an ISO instant): the part it is
-- on ('lapses' -> 'upkeep' -> 'reminders' -> 'done') and the last member that part has done.
-- `pages` only grows: a page moves the run only from the `pages` it read (compare and set).
CREATE TABLE daily_job_progress (
  run_at TEXT PRIMARY KEY,
  part TEXT NOT NULL CHECK (part IN ('lapses', 'upkeep', 'reminders', 'done')),
  -- The keyset position: the period end and user id of the last member done (NULL: from the start).
  after_period_end TEXT,
  after_user_id TEXT,
  pages INTEGER NOT NULL DEFAULT 0,
  lapsed INTEGER NOT NULL DEFAULT 0,
  reminders INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

-- Unfinished runs, for the sweep that restarts a run whose continuation was lost.
CREATE INDEX daily_job_progress_unfinished ON daily_job_progress (updated_at) WHERE part <> 'done';

-- Active records in period order: the daily job's pages (lapses from the oldest end, reminders
-- for ends in the next 30 days), read in index order with the user id as the tie-breaker.
CREATE INDEX memberships_status_period ON memberships (status, period_end, user_id);

PRAGMA optimize;
