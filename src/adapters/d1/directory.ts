/**
 * The member directory in D1 (migrations/0015_directory.sql). The listing query asks the same
 * question as the member tier (an active record within its period plus the grace period, with no
 * grace for one set to end at its period end, or open-ended), so a lapsed member drops out and the page counts stay right; and it selects each
 * optional field only where its owner shows it, so a hidden value never leaves the database.
 * Filters match shown values only: a search by town cannot find a member whose town is hidden.
 */
import { DIRECTORY_FIELDS, type DirectoryEntry, type DirectoryField, type DirectoryListing, type DirectoryPage, type DirectorySearch } from "../../domain/directory";

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
  /** One page of listed active members, by name; `now` and `graceDays` say who is active. */
  search(search: DirectorySearch, options: { now: Date; graceDays: number; pageSize: number }): Promise<DirectoryPage>;
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

type ListingRow = Omit<EntryRow, `show_${DirectoryField}`>;

/** LIKE with the member's text taken literally (% and _ are theirs, not wildcards). */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

    async search(search, { now, graceDays, pageSize }) {
      // ?1 now, ?2 grace days, ?3 name, ?4 town, ?5 specialisation (NULL: no filter).
      const where = `FROM directory_entries d JOIN memberships m ON m.user_id = d.user_id
        WHERE m.status = 'active'
          AND (m.period_end IS NULL OR julianday(m.period_end) + CASE WHEN m.ends_on IS NULL THEN ?2 ELSE 0 END > julianday(?1))
          AND (?3 IS NULL OR d.display_name LIKE ?3 ESCAPE '\\')
          AND (?4 IS NULL OR (d.show_town = 1 AND d.town LIKE ?4 ESCAPE '\\'))
          AND (?5 IS NULL OR (d.show_specialisation = 1 AND d.specialisation LIKE ?5 ESCAPE '\\'))`;
      const binds = [now.toISOString(), graceDays, search.name && contains(search.name), search.town && contains(search.town), search.specialisation && contains(search.specialisation)];
      const offset = (search.page - 1) * pageSize;
      const [count, rows] = await db.batch([
        db.prepare(`SELECT COUNT(*) AS total ${where}`).bind(...binds),
        db
          .prepare(
            `SELECT d.display_name,
                    CASE WHEN d.show_town = 1 THEN d.town END AS town,
                    CASE WHEN d.show_workplace = 1 THEN d.workplace END AS workplace,
                    CASE WHEN d.show_specialisation = 1 THEN d.specialisation END AS specialisation,
                    CASE WHEN d.show_email = 1 THEN d.email END AS email,
                    CASE WHEN d.show_phone = 1 THEN d.phone END AS phone
             ${where}
             ORDER BY d.display_name COLLATE NOCASE, d.user_id LIMIT ?6 OFFSET ?7`,
          )
          .bind(...binds, pageSize, offset),
      ]);
      const listings: DirectoryListing[] = ((rows!.results ?? []) as ListingRow[]).map((r) => ({
        displayName: r.display_name,
        town: r.town,
        workplace: r.workplace,
        specialisation: r.specialisation,
        email: r.email,
        phone: r.phone,
      }));
      return { listings, total: ((count!.results?.[0] as { total: number } | undefined)?.total ?? 0), page: search.page, pageSize };
    },
  };
}
