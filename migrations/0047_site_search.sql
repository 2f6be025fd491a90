-- Site search (docs/decisions/0050-site-search.md): one row per published page, article and
-- webinar, with the plain text the CMS webhook's queue consumer extracted from it. The index
-- never holds HTML and never a draft.

-- What a result links to and who may see it. `id` is the full-text tables' rowid (an INTEGER
-- PRIMARY KEY keeps it stable); `doc_key` names the CMS document ("<model>:<documentId>").
-- `access`: public, signed-in (authenticatedOnly pages, /user pages) or members (membersOnly).
-- `generation`: the rebuild that last wrote the row, so a finished rebuild removes only rows it
-- did not see (documents no longer published), and an unfinished one removes nothing.
CREATE TABLE search_documents (
  id INTEGER PRIMARY KEY,
  doc_key TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('page', 'article', 'webinar')),
  access TEXT NOT NULL CHECK (access IN ('public', 'signed-in', 'members')),
  href TEXT NOT NULL,
  date TEXT,
  generation INTEGER NOT NULL DEFAULT 0,
  indexed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- A finished rebuild's sweep reads the rows an older generation wrote.
CREATE INDEX search_documents_generation ON search_documents (generation);

-- The ranked full-text index over Unicode words (accents folded), rowid = search_documents.id.
-- The title weighs ten times the body and the description three times. No porter stemming: FTS5
-- stems a prefix query's word too ("quokkaphys" becomes "quokkaphi*", which no longer prefixes
-- "quokkaphysio"), and searching by word beginnings is what the box promises; the query side
-- folds plurals instead (services/search/query.ts).
CREATE VIRTUAL TABLE search_text USING fts5(title, description, body, tokenize = 'unicode61 remove_diacritics 2');
INSERT INTO search_text (search_text, rank) VALUES ('rank', 'bm25(10.0, 3.0, 1.0)');

-- Every word the index holds, with how many documents hold it (read only, kept by FTS5 itself):
-- where a search finds nothing, the closest words beginning with the same letter give the
-- "did you mean" spelling. It grows with the vocabulary, not with the number of documents.
CREATE VIRTUAL TABLE search_vocabulary USING fts5vocab(search_text, 'row');

-- Rebuilds, numbered: the newest one's number stamps every row written meanwhile (by the
-- rebuild or by the webhook), and its end removes what none of them wrote.
CREATE TABLE search_rebuilds (
  generation INTEGER PRIMARY KEY,
  started_at TEXT NOT NULL,
  finished_at TEXT
);
