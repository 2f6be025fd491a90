-- The member import at real sizes (docs/decisions/0045): the uploaded file is kept in D1 row by
-- row before the request answers, then checked and written in chunks by the jobs queue, with the
-- import's progress moved in the same batch as each chunk's writes, so a job cut off resumes where
-- it stopped and a repeat writes nothing twice. Claim invitations wait here until a day's budget
-- lets them into the outbox.

-- One uploaded file. `phase`: staging (the request is storing its rows) -> checking (the job
-- validates and plans each chunk) -> checked (a dry run, or problems: nothing written) or
-- writing (set-based chunks, rows with member numbers first) -> done. `refused`: the file itself
-- was unreadable (encoding, quoting, header); `failed`: a write failed and the job stopped.
CREATE TABLE member_imports (
  id INTEGER PRIMARY KEY,
  staff_email TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('check', 'import')),
  invite INTEGER NOT NULL CHECK (invite IN (0, 1)),
  phase TEXT NOT NULL CHECK (phase IN ('staging', 'checking', 'checked', 'writing', 'done', 'refused', 'failed')),
  -- The header's fields (JSON), read once by every chunk.
  header TEXT,
  rows INTEGER NOT NULL DEFAULT 0,
  -- Writing goes through the rows twice: 0 those with a member number, 1 those without.
  pass INTEGER NOT NULL DEFAULT 0,
  -- The last row (seq) the phase (and pass) has done.
  position INTEGER NOT NULL DEFAULT 0,
  -- Only grows; a chunk moves the import only from the steps it read (compare and set), and
  -- writes its rows only while its claim is the one recorded.
  steps INTEGER NOT NULL DEFAULT 0,
  claim TEXT,
  -- Problems with the file as a whole (JSON array of {line, column, message}).
  file_problems TEXT NOT NULL DEFAULT '[]',
  stripe_links INTEGER NOT NULL DEFAULT 0,
  -- The plan's counts, once checked.
  created INTEGER NOT NULL DEFAULT 0,
  changed INTEGER NOT NULL DEFAULT 0,
  unchanged INTEGER NOT NULL DEFAULT 0,
  skipped INTEGER NOT NULL DEFAULT 0,
  problems INTEGER NOT NULL DEFAULT 0,
  invitations INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);

-- Imports still moving, for the sweep that hands a stalled one to the queue again.
CREATE INDEX member_imports_unfinished ON member_imports (updated_at) WHERE phase IN ('checking', 'writing');
-- Finished imports whose rows the sweep clears after the keeping period.
CREATE INDEX member_imports_finished ON member_imports (finished_at) WHERE finished_at IS NOT NULL;

-- One record of an uploaded file (seq: its place in the file; line: the line it starts on), as
-- read, then what checking found: the member (JSON) and their address and number (for the
-- duplicate checks), the plan's action and its detail, the row's problems, and the claim
-- invitation's data when the member is to be invited.
CREATE TABLE member_import_rows (
  import_id INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  line INTEGER NOT NULL,
  fields TEXT NOT NULL,
  email TEXT,
  member_number INTEGER,
  member TEXT,
  action TEXT CHECK (action IN ('create', 'change', 'unchanged', 'skip')),
  detail TEXT,
  problems TEXT,
  invitation TEXT,
  -- queued: waiting for a day's budget; written: in the outbox (invited_on: the UTC day).
  invitation_state TEXT CHECK (invitation_state IN ('queued', 'written')),
  invited_on TEXT,
  PRIMARY KEY (import_id, seq)
);

-- "Is this address (number) on an earlier line of the same file?"
CREATE INDEX member_import_rows_email ON member_import_rows (import_id, email, seq) WHERE email IS NOT NULL;
CREATE INDEX member_import_rows_number ON member_import_rows (import_id, member_number, seq) WHERE member_number IS NOT NULL;
-- The staff page's lists: problems by line, and what the import does to whom.
CREATE INDEX member_import_rows_problems ON member_import_rows (import_id, line) WHERE problems IS NOT NULL;
CREATE INDEX member_import_rows_acting ON member_import_rows (import_id, seq) WHERE action IN ('create', 'change', 'skip');
-- Invitations waiting for the day's budget, oldest import first; and how many went out on a day.
CREATE INDEX member_import_rows_queued ON member_import_rows (import_id, seq) WHERE invitation_state = 'queued';
CREATE INDEX member_import_rows_invited_on ON member_import_rows (invited_on) WHERE invited_on IS NOT NULL;

-- Each chunk asks which of its addresses already have a membership made on the site, by address
-- in any case: without this index that is a scan of every membership, once a chunk.
CREATE INDEX memberships_lower_email ON memberships (lower(email));

PRAGMA optimize;
