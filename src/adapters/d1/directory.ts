/**
 * The member directory in D1 (migrations/0015_directory.sql, 0038_directory_search_and_hot_indexes.sql).
 * Who is listed is `listed_until`, which triggers keep from the membership record by the member
 * rule (an active record within its period plus the grace days, no grace for one set to end at
 * its period end, or open-ended), so the listing asks one indexed question instead of joining
 * every membership. A search goes through the full-text index `directory_search`, which holds the
 * name and only the shown town and specialisation, so a hidden value can neither be found nor
 * leave the database; each optional field is selected only where its owner shows it.
 *
 * Pages are bounded and keyed, never counted nor skipped with OFFSET: browsing runs in name
 * order on the listing index; a search runs in the search index's own order (the entry id), so a
 * page reads only its own rows however many members a short word matches.
 */
import type { DirectoryEntry, DirectoryField, DirectoryRow, DirectorySearch } from "../../domain/directory";
import { DIRECTORY_FIELDS } from "../../domain/directory";

/** What joining the directory offers to fill in: the member's latest join application. */
export interface DirectoryPrefill {
  displayName: string;
  town: string | null;
  workplace: string | null;
  specialisation: string | null;
  email: string;
  phone: string | null;
}

export interface DirectoryStore {
  entry(userId: string): Promise<DirectoryEntry | null>;
  prefill(userId: string): Promise<DirectoryPrefill | null>;
  save(userId: string, entry: DirectoryEntry): Promise<void>;
  remove(userId: string): Promise<void>;
  /**
   * Up to `pageSize` listed members (listed at `now`) in page order, from the search's key in its
   * direction, and whether there are more that way.
   */
  page(search: Pick<DirectorySearch, "words" | "after" | "before">, options: { now: Date; pageSize: number }): Promise<{ rows: DirectoryRow[]; more: boolean }>;
  /**
   * Writes the grace days the listing adds after a period (the triggers read them) and, when they
   * changed, works every entry's `listed_until` out again, a range of entries at a time; returns
   * how many ranges it wrote.
   */
  keepGraceDays(graceDays: number): Promise<number>;
}

interface EntryRow {
  display_name: string;
  town: string | null;
  workplace: string | null;
  specialisation: string | null;
  email: string | null;
  phone: string | null;
  show_town: number;
  show_workplace: number;
  show_specialisation: number;
  show_email: number;
  show_phone: number;
}

interface ListingRow extends Omit<EntryRow, `show_${DirectoryField}`> {
  id: number;
}

const LISTING_COLUMNS = `d.id, d.display_name,
  CASE WHEN d.show_town = 1 THEN d.town END AS town,
  CASE WHEN d.show_workplace = 1 THEN d.workplace END AS workplace,
  CASE WHEN d.show_specialisation = 1 THEN d.specialisation END AS specialisation,
  CASE WHEN d.show_email = 1 THEN d.email END AS email,
  CASE WHEN d.show_phone = 1 THEN d.phone END AS phone`;

/*
 * The listing's statements, exported for the query-plan test (test/integration/query-plans.test.ts).
 * ?1 now (ISO), ?2 and ?3 the key (name, id) or ?2 the id, ?4 how many rows, ?5 the search.
 * The first page starts after the empty key. The lone `display_name >=` beside the row value is
 * what lets SQLite seek the index to the key instead of reading it from the start.
 */
export const DIRECTORY_BROWSE_AFTER_SQL = `SELECT ${LISTING_COLUMNS} FROM directory_entries d
  WHERE d.listed_until > ?1 AND d.display_name COLLATE NOCASE >= ?2 AND (d.display_name COLLATE NOCASE, d.id) > (?2, ?3)
  ORDER BY d.display_name COLLATE NOCASE, d.id LIMIT ?4`;
export const DIRECTORY_BROWSE_BEFORE_SQL = `SELECT ${LISTING_COLUMNS} FROM directory_entries d
  WHERE d.listed_until > ?1 AND d.display_name COLLATE NOCASE <= ?2 AND (d.display_name COLLATE NOCASE, d.id) < (?2, ?3)
  ORDER BY d.display_name COLLATE NOCASE DESC, d.id DESC LIMIT ?4`;
// CROSS JOIN keeps the search index outside: it finds the few matches, each then looked up by id.
export const DIRECTORY_SEARCH_AFTER_SQL = `SELECT ${LISTING_COLUMNS} FROM directory_search s CROSS JOIN directory_entries d ON d.id = s.rowid
  WHERE directory_search MATCH ?5 AND s.rowid > ?2 AND d.listed_until > ?1
  ORDER BY s.rowid LIMIT ?4`;
export const DIRECTORY_SEARCH_BEFORE_SQL = `SELECT ${LISTING_COLUMNS} FROM directory_search s CROSS JOIN directory_entries d ON d.id = s.rowid
  WHERE directory_search MATCH ?5 AND s.rowid < ?2 AND d.listed_until > ?1
  ORDER BY s.rowid DESC LIMIT ?4`;

/**
 * The words as an FTS5 query: each a quoted string (a quote inside doubled) with `*`, so each
 * matches the start of a word and none is read as syntax (AND, NOT, NEAR, a column filter).
 * Words side by side must all match.
 */
export const ftsPrefixQuery = (words: readonly string[]): string => words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(" ");

/** Works `listed_until` out again for the entries with ids in [?1, ?2] (after the grace days change). */
const RELIST_SQL = `UPDATE directory_entries SET listed_until = (
    SELECT CASE
      WHEN m.status <> 'active' THEN NULL
      WHEN julianday(m.period_end) IS NULL THEN '9999-12-31T23:59:59.999Z'
      ELSE strftime('%Y-%m-%dT%H:%M:%fZ', julianday(m.period_end) + CASE WHEN m.ends_on IS NULL THEN (SELECT grace_days FROM directory_listing_rule) ELSE 0 END)
    END
    FROM memberships m WHERE m.user_id = directory_entries.user_id)
  WHERE id BETWEEN ?1 AND ?2`;

/** Entries per statement when the listing is worked out again: a short write each, however big the directory. */
const RELIST_RANGE = 5_000;

export function createDirectoryStore(db: D1Database): DirectoryStore {
  return {
    async entry(userId) {
      const row = await db.prepare("SELECT * FROM directory_entries WHERE user_id = ?1").bind(userId).first<EntryRow>();
      if (!row) return null;
      return {
        displayName: row.display_name,
        town: row.town,
        workplace: row.workplace,
        specialisation: row.specialisation,
        email: row.email,
        phone: row.phone,
        show: Object.fromEntries(DIRECTORY_FIELDS.map((field) => [field, row[`show_${field}`] === 1])) as Record<DirectoryField, boolean>,
      };
    },

    async prefill(userId) {
      const row = await db
        .prepare(
          `SELECT given_name, family_name, email,
                  json_extract(details, '$.address.town') AS town,
                  json_extract(details, '$.professional.workplace') AS workplace,
                  json_extract(details, '$.professional.specialisation') AS specialisation,
                  json_extract(details, '$.phone') AS phone
           FROM applications WHERE user_id = ?1 ORDER BY created_at DESC LIMIT 1`,
        )
        .bind(userId)
        .first<{ given_name: string; family_name: string; email: string; town: string | null; workplace: string | null; specialisation: string | null; phone: string | null }>();
      if (!row) return null;
      return { displayName: `${row.given_name} ${row.family_name}`, town: row.town, workplace: row.workplace, specialisation: row.specialisation, email: row.email, phone: row.phone };
    },

    async save(userId, e) {
      await db
        .prepare(
          `INSERT INTO directory_entries (user_id, display_name, town, workplace, specialisation, email, phone,
                                          show_town, show_workplace, show_specialisation, show_email, show_phone)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
           ON CONFLICT (user_id) DO UPDATE SET
             display_name = excluded.display_name, town = excluded.town, workplace = excluded.workplace,
             specialisation = excluded.specialisation, email = excluded.email, phone = excluded.phone,
             show_town = excluded.show_town, show_workplace = excluded.show_workplace,
             show_specialisation = excluded.show_specialisation, show_email = excluded.show_email,
             show_phone = excluded.show_phone, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        )
        .bind(userId, e.displayName, e.town, e.workplace, e.specialisation, e.email, e.phone, ...DIRECTORY_FIELDS.map((field) => (e.show[field] ? 1 : 0)))
        .run();
    },

    async remove(userId) {
      await db.prepare("DELETE FROM directory_entries WHERE user_id = ?1").bind(userId).run();
    },

    async page({ words, after, before }, { now, pageSize }) {
      const backwards = before !== null;
      const key = before ?? after ?? { id: 0, name: "" };
      const statement =
        words.length > 0
          ? db.prepare(backwards ? DIRECTORY_SEARCH_BEFORE_SQL : DIRECTORY_SEARCH_AFTER_SQL).bind(now.toISOString(), key.id, null, pageSize + 1, ftsPrefixQuery(words))
          : db.prepare(backwards ? DIRECTORY_BROWSE_BEFORE_SQL : DIRECTORY_BROWSE_AFTER_SQL).bind(now.toISOString(), key.name ?? "", key.id, pageSize + 1);
      const { results } = await statement.all<ListingRow>();
      const more = results.length > pageSize;
      const rows = results.slice(0, pageSize).map(
        (r): DirectoryRow => ({
          key: { id: r.id, name: words.length > 0 ? null : r.display_name },
          listing: { displayName: r.display_name, town: r.town, workplace: r.workplace, specialisation: r.specialisation, email: r.email, phone: r.phone },
        }),
      );
      return { rows: backwards ? rows.reverse() : rows, more };
    },

    async keepGraceDays(graceDays) {
      const changed = await db.prepare("UPDATE directory_listing_rule SET grace_days = ?1 WHERE grace_days <> ?1").bind(graceDays).run();
      if (changed.meta.changes === 0) return 0;
      const last = (await db.prepare("SELECT MAX(id) AS id FROM directory_entries").first<{ id: number | null }>())?.id ?? 0;
      let statements = 0;
      for (let from = 1; from <= last; from += RELIST_RANGE) {
        await db.prepare(RELIST_SQL).bind(from, from + RELIST_RANGE - 1).run();
        statements += 1;
      }
      return statements;
    },
  };
}
