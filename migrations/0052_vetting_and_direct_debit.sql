-- Vetting before activation (docs/decisions/0056): a membership type whose CMS entry asks for
-- approval keeps its join applications awaiting staff's decision before any payment is taken.
-- `vetting`: NULL (the type needs no approval) | 'pending' (waiting for staff) | 'more_info'
-- (staff asked the applicant for more; `vetting_request` says what) | 'approved' (payment may
-- now be taken) | 'rejected'. The application's `status` is unchanged by it: 'awaiting_payment'
-- until paid or rejected, so every existing rule about money keeps working.
ALTER TABLE applications ADD COLUMN vetting TEXT CHECK (vetting IN ('pending', 'more_info', 'approved', 'rejected'));
ALTER TABLE applications ADD COLUMN vetting_request TEXT;

-- The review queue, newest first and paged by key, one branch per vetting state (as the
-- applications list is by status: migrations/0037).
CREATE INDEX applications_vetting_created ON applications (vetting, created_at, id);

-- Documents an applicant uploaded (a registration certificate, a student card). The file itself
-- is in the private R2 bucket APPLICANT_DOCUMENTS under `object_key`, which is random (never
-- derived from anything guessable); this row is what lets the Worker find it for the applicant
-- and for staff, and nobody else. `content_type` is what the file's own bytes showed it to be.
CREATE TABLE application_documents (
  id TEXT PRIMARY KEY,
  application_id TEXT NOT NULL REFERENCES applications (id),
  user_id TEXT NOT NULL,
  -- Which of the membership type's required documents it is (the CMS's name for it).
  requirement TEXT NOT NULL,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
  object_key TEXT NOT NULL UNIQUE,
  uploaded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX application_documents_application ON application_documents (application_id, uploaded_at);
CREATE INDEX application_documents_user ON application_documents (user_id);
