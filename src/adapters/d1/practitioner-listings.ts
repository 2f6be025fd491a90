/**
 * Members' public listings in D1 (migrations/0050_practitioner_listings.sql).
 *
 * Who may be shown is asked at query time, never stored: every public read joins the listing to
 * its membership record and keeps only a listing that is opted in, not hidden by staff, whose
 * membership is in force (active and within its period plus the grace days, no grace for one set
 * to end; services/membership/member-state.ts), of a type the CMS lets be listed, with no open
 * dispute of a membership payment and no suspension by the membership office
 * (services/membership/member-rule.ts). A lapse, a dispute, a suspension or a hiding removes a
 * listing from the next page; a renewal or a reinstatement brings it back.
 *
 * The search reads the practices in a latitude/longitude box on an index, keeps each listing's
 * nearest practice by the chord on the unit sphere (exact distance order, see src/shared/geo.ts),
 * and pages by key (chord, id): no OFFSET, no count.
 */
import type { Choice, ListingPhoto, PhotoContentType, PlacedBy, PracticeListing, PracticeLocation, PublicListing, SearchFilters, SearchKey, StaffListingRow, TagKind } from "../../domain/practitioners";

export type { StaffListingRow };
import { TAG_KINDS } from "../../domain/practitioners";
import { unitVector } from "../../shared/geo";

/** Who may be listed now: the member rule's inputs, bound as ?1 now, ?2 grace days, ?3 the listable membership slugs (JSON). */
export interface Listability {
  now: Date;
  graceDays: number;
  listableSlugs: readonly string[];
}

const LISTABLE = `l.listed = 1 AND l.hidden_at IS NULL
  AND m.status = 'active' AND m.suspended_on IS NULL
  AND (julianday(m.period_end) IS NULL OR julianday(m.period_end) + CASE WHEN m.ends_on IS NULL THEN ?2 ELSE 0 END > julianday(?1))
  AND m.membership_slug IN (SELECT value FROM json_each(?3))
  AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.user_id = l.user_id AND d.source = 'membership' AND d.status = 'open')`;

/** The moment LISTABLE stops holding by the clock alone: the end of the period plus the grace it allows. */
const SHOWN_UNTIL = `CASE WHEN julianday(m.period_end) IS NULL THEN NULL
  ELSE strftime('%Y-%m-%dT%H:%M:%SZ', julianday(m.period_end) + CASE WHEN m.ends_on IS NULL THEN ?2 ELSE 0 END) END`;

const listabilityParams = (l: Listability) => [l.now.toISOString(), l.graceDays, JSON.stringify(l.listableSlugs)] as const;

const tagFilter = (kind: TagKind, param: number) =>
  `AND (?${param} IS NULL OR EXISTS (SELECT 1 FROM practitioner_listing_tags t WHERE t.listing_id = l.id AND t.kind = '${kind}' AND t.value = ?${param}))`;

/**
 * The search, exported for the query-plan test. ?4-?6 the origin's unit vector, ?7-?10 the box,
 * ?11 the radius as a squared chord, ?12 and ?13 the key (chord, id), ?14-?19 the filters in
 * TAG_KINDS order, ?20 how many rows.
 */
export const PRACTITIONER_SEARCH_SQL = `WITH near AS (
    SELECT loc.listing_id AS listing_id,
           MIN((loc.x - ?4) * (loc.x - ?4) + (loc.y - ?5) * (loc.y - ?5) + (loc.z - ?6) * (loc.z - ?6)) AS chord
    FROM practitioner_locations loc
    WHERE loc.lat BETWEEN ?7 AND ?8 AND loc.lng BETWEEN ?9 AND ?10
    GROUP BY loc.listing_id
  )
  SELECT l.id AS id, near.chord AS chord FROM near
  CROSS JOIN practitioner_listings l ON l.id = near.listing_id
  JOIN memberships m ON m.user_id = l.user_id
  WHERE near.chord <= ?11 AND (near.chord > ?12 OR (near.chord = ?12 AND l.id > ?13))
    AND ${LISTABLE}
    ${TAG_KINDS.map((kind, i) => tagFilter(kind, 14 + i)).join("\n    ")}
  ORDER BY near.chord, l.id LIMIT ?20`;

export interface SearchBox {
  origin: { lat: number; lng: number };
  box: { latMin: number; latMax: number; lngMin: number; lngMax: number };
  maxChordSquared: number;
  after: SearchKey | null;
  filters: SearchFilters;
  limit: number;
}

export interface PractitionerListingStore {
  own(userId: string): Promise<{ id: number; listed: boolean; hidden: { reason: string; at: string } | null; listing: PracticeListing } | null>;
  /** Writes the member's listing, its practices and choices in one batch; returns its id. */
  save(userId: string, listing: PracticeListing, listed: boolean): Promise<number>;
  setListed(userId: string, listed: boolean): Promise<void>;
  search(box: SearchBox, who: Listability): Promise<{ id: number; chord: number }[]>;
  /** Public listings by id (only those listable now), with their practices and choices. */
  publicListings(ids: readonly number[], who: Listability): Promise<PublicListing[]>;
  /** Every listable id (the sitemap), by id from `after`. */
  listableIds(after: number, limit: number, who: Listability): Promise<{ id: number; displayName: string; updatedAt: string }[]>;
  /** Where a patient's message goes (listable listings only). */
  contactTarget(id: number, who: Listability): Promise<{ displayName: string; email: string; userId: string } | null>;
  /** The statement recording a patient's message (in the batch that writes its e-mails). */
  recordContact(id: number, at: Date): D1PreparedStatement;
  /** The same, counted only if the statement just before it in the batch wrote a row (the message's e-mail). */
  recordContactIfWritten(id: number, at: Date): D1PreparedStatement;
  /** Messages to the listing since `since`. */
  contactsSince(id: number, since: Date): Promise<number>;
  generation(): Promise<number>;
  /** Sets (or with null removes) the member's photo; D1 names the file it replaces for deletion (migrations/0076). */
  setPhoto(userId: string, photo: StoredPhoto | null): Promise<void>;
  /** The photo of a listing shown now, at this version; null when the listing is not shown or the version is not its photo's. */
  publicPhoto(id: number, version: string, who: Listability): Promise<{ key: string; type: PhotoContentType } | null>;
  /** The member's own photo at this version, shown or not (their form and preview). */
  ownPhoto(userId: string, version: string): Promise<{ key: string; type: PhotoContentType } | null>;
  staffPage(afterId: number, limit: number, who: Listability, since: Date): Promise<StaffListingRow[]>;
  /** Hides (reason) or shows again (null) a listing; returns the member's user id and contact address, or null when there is none. */
  hide(id: number, hidden: { reason: string; by: string; at: Date } | null): Promise<{ userId: string; email: string; displayName: string } | null>;
}

/** A photo as stored: its R2 key (never in a page), version, kind and size. */
export interface StoredPhoto extends ListingPhoto {
  key: string;
  type: PhotoContentType;
}

interface ListingRow {
  id: number;
  user_id: string;
  listed: number;
  display_name: string;
  professional_title: string | null;
  bio: string | null;
  contact_email: string;
  hidden_reason: string | null;
  hidden_at: string | null;
  photo_version: string | null;
  photo_width: number | null;
  photo_height: number | null;
  member_number?: number | null;
  shown_until?: string | null;
}

const photoOf = (r: ListingRow): ListingPhoto | null =>
  r.photo_version && r.photo_width && r.photo_height ? { version: r.photo_version, width: r.photo_width, height: r.photo_height } : null;

interface LocationRow {
  listing_id: number;
  name: string;
  address: string;
  town: string;
  postcode: string | null;
  phone: string | null;
  website: string | null;
  booking_url: string | null;
  lat: number | null;
  lng: number | null;
  placed_by: PlacedBy;
}

interface TagRow {
  listing_id: number;
  kind: TagKind;
  value: string;
  label: string;
}

const toLocation = (r: LocationRow): PracticeLocation => ({
  name: r.name,
  address: r.address,
  town: r.town,
  postcode: r.postcode,
  phone: r.phone,
  website: r.website,
  bookingUrl: r.booking_url,
  position: r.lat === null || r.lng === null ? null : { lat: r.lat, lng: r.lng },
  placedBy: r.placed_by,
});

const emptyTags = (): Record<TagKind, Choice[]> => Object.fromEntries(TAG_KINDS.map((kind) => [kind, []])) as unknown as Record<TagKind, Choice[]>;

async function detailsOf(db: D1Database, ids: readonly number[]) {
  const json = JSON.stringify(ids);
  const [locations, tags] = await db.batch<LocationRow | TagRow>([
    db.prepare("SELECT * FROM practitioner_locations WHERE listing_id IN (SELECT value FROM json_each(?1)) ORDER BY listing_id, position").bind(json),
    db.prepare("SELECT listing_id, kind, value, label FROM practitioner_listing_tags WHERE listing_id IN (SELECT value FROM json_each(?1)) ORDER BY listing_id, kind, label").bind(json),
  ]);
  const byListing = new Map<number, { locations: PracticeLocation[]; tags: Record<TagKind, Choice[]> }>();
  const entry = (id: number) => {
    let found = byListing.get(id);
    if (!found) byListing.set(id, (found = { locations: [], tags: emptyTags() }));
    return found;
  };
  for (const row of locations!.results as LocationRow[]) entry(row.listing_id).locations.push(toLocation(row));
  for (const row of tags!.results as TagRow[]) entry(row.listing_id).tags[row.kind]?.push({ value: row.value, label: row.label });
  return (id: number) => byListing.get(id) ?? { locations: [], tags: emptyTags() };
}

export function createPractitionerListingStore(db: D1Database): PractitionerListingStore {
  return {
    async own(userId) {
      const row = await db.prepare("SELECT * FROM practitioner_listings WHERE user_id = ?1").bind(userId).first<ListingRow>();
      if (!row) return null;
      const details = (await detailsOf(db, [row.id]))(row.id);
      return {
        id: row.id,
        listed: row.listed === 1,
        hidden: row.hidden_at && row.hidden_reason ? { reason: row.hidden_reason, at: row.hidden_at } : null,
        listing: {
          displayName: row.display_name,
          professionalTitle: row.professional_title,
          bio: row.bio,
          contactEmail: row.contact_email,
          locations: details.locations,
          tags: details.tags,
          photo: photoOf(row),
        },
      };
    },

    async save(userId, listing, listed) {
      const row = await db
        .prepare(
          `INSERT INTO practitioner_listings (user_id, listed, display_name, professional_title, bio, contact_email)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6)
           ON CONFLICT (user_id) DO UPDATE SET listed = excluded.listed, display_name = excluded.display_name,
             professional_title = excluded.professional_title, bio = excluded.bio, contact_email = excluded.contact_email,
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           RETURNING id`,
        )
        .bind(userId, listed ? 1 : 0, listing.displayName, listing.professionalTitle, listing.bio, listing.contactEmail)
        .first<{ id: number }>();
      const id = row!.id;
      const statements: D1PreparedStatement[] = [
        db.prepare("DELETE FROM practitioner_locations WHERE listing_id = ?1").bind(id),
        db.prepare("DELETE FROM practitioner_listing_tags WHERE listing_id = ?1").bind(id),
      ];
      listing.locations.forEach((loc, position) => {
        const v = loc.position ? unitVector(loc.position) : null;
        statements.push(
          db
            .prepare(
              `INSERT INTO practitioner_locations (listing_id, position, name, address, town, postcode, phone, website, booking_url, lat, lng, x, y, z, placed_by)
               VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)`,
            )
            .bind(id, position, loc.name, loc.address, loc.town, loc.postcode, loc.phone, loc.website, loc.bookingUrl, loc.position?.lat ?? null, loc.position?.lng ?? null, v?.x ?? null, v?.y ?? null, v?.z ?? null, loc.position ? loc.placedBy : "none"),
        );
      });
      const tags = TAG_KINDS.flatMap((kind) => listing.tags[kind].map((choice) => ({ kind, ...choice })));
      if (tags.length > 0) {
        statements.push(
          db
            .prepare(
              `INSERT OR IGNORE INTO practitioner_listing_tags (listing_id, kind, value, label)
               SELECT ?1, json_extract(value, '$.kind'), json_extract(value, '$.value'), json_extract(value, '$.label') FROM json_each(?2)`,
            )
            .bind(id, JSON.stringify(tags)),
        );
      }
      await db.batch(statements);
      return id;
    },

    async setListed(userId, listed) {
      await db.prepare("UPDATE practitioner_listings SET listed = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE user_id = ?1").bind(userId, listed ? 1 : 0).run();
    },

    async search(s, who) {
      const { results } = await db
        .prepare(PRACTITIONER_SEARCH_SQL)
        .bind(
          ...listabilityParams(who),
          ...Object.values(unitVector(s.origin)),
          s.box.latMin,
          s.box.latMax,
          s.box.lngMin,
          s.box.lngMax,
          s.maxChordSquared,
          s.after?.chord ?? -1,
          s.after?.id ?? 0,
          ...TAG_KINDS.map((kind) => s.filters[kind]),
          s.limit,
        )
        .all<{ id: number; chord: number }>();
      return results;
    },

    async publicListings(ids, who) {
      if (ids.length === 0) return [];
      const { results } = await db
        .prepare(
          `SELECT l.*, m.member_number, ${SHOWN_UNTIL} AS shown_until FROM practitioner_listings l JOIN memberships m ON m.user_id = l.user_id
           WHERE l.id IN (SELECT value FROM json_each(?4)) AND ${LISTABLE}`,
        )
        .bind(...listabilityParams(who), JSON.stringify(ids))
        .all<ListingRow>();
      const details = await detailsOf(db, results.map((r) => r.id));
      const byId = new Map(
        results.map((r): [number, PublicListing] => [
          r.id,
          { id: r.id, displayName: r.display_name, professionalTitle: r.professional_title, bio: r.bio, memberNumber: r.member_number ?? null, photo: photoOf(r), shownUntil: r.shown_until ?? null, ...details(r.id) },
        ]),
      );
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async listableIds(after, limit, who) {
      const { results } = await db
        .prepare(
          `SELECT l.id, l.display_name, l.updated_at FROM practitioner_listings l JOIN memberships m ON m.user_id = l.user_id
           WHERE l.id > ?4 AND ${LISTABLE} ORDER BY l.id LIMIT ?5`,
        )
        .bind(...listabilityParams(who), after, limit)
        .all<{ id: number; display_name: string; updated_at: string }>();
      return results.map((r) => ({ id: r.id, displayName: r.display_name, updatedAt: r.updated_at }));
    },

    async contactTarget(id, who) {
      const row = await db
        .prepare(`SELECT l.display_name, l.contact_email, l.user_id FROM practitioner_listings l JOIN memberships m ON m.user_id = l.user_id WHERE l.id = ?4 AND ${LISTABLE}`)
        .bind(...listabilityParams(who), id)
        .first<{ display_name: string; contact_email: string; user_id: string }>();
      return row ? { displayName: row.display_name, email: row.contact_email, userId: row.user_id } : null;
    },

    recordContact(id, at) {
      return db.prepare("INSERT INTO practitioner_contacts (listing_id, created_at) VALUES (?1, ?2)").bind(id, at.toISOString());
    },

    recordContactIfWritten(id, at) {
      return db.prepare("INSERT INTO practitioner_contacts (listing_id, created_at) SELECT ?1, ?2 WHERE changes() > 0").bind(id, at.toISOString());
    },

    async contactsSince(id, since) {
      return (await db.prepare("SELECT COUNT(*) AS n FROM practitioner_contacts WHERE listing_id = ?1 AND created_at >= ?2").bind(id, since.toISOString()).first<{ n: number }>())?.n ?? 0;
    },

    async generation() {
      return (await db.prepare("SELECT generation FROM practitioner_generation WHERE id = 1").first<{ generation: number }>())?.generation ?? 0;
    },

    async setPhoto(userId, photo) {
      await db
        .prepare(
          `UPDATE practitioner_listings SET photo_key = ?2, photo_version = ?3, photo_type = ?4, photo_width = ?5, photo_height = ?6,
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE user_id = ?1`,
        )
        .bind(userId, photo?.key ?? null, photo?.version ?? null, photo?.type ?? null, photo?.width ?? null, photo?.height ?? null)
        .run();
    },

    async publicPhoto(id, version, who) {
      const row = await db
        .prepare(
          `SELECT l.photo_key, l.photo_type FROM practitioner_listings l JOIN memberships m ON m.user_id = l.user_id
           WHERE l.id = ?4 AND l.photo_version = ?5 AND l.photo_key IS NOT NULL AND ${LISTABLE}`,
        )
        .bind(...listabilityParams(who), id, version)
        .first<{ photo_key: string; photo_type: PhotoContentType }>();
      return row ? { key: row.photo_key, type: row.photo_type } : null;
    },

    async ownPhoto(userId, version) {
      const row = await db
        .prepare("SELECT photo_key, photo_type FROM practitioner_listings WHERE user_id = ?1 AND photo_version = ?2 AND photo_key IS NOT NULL")
        .bind(userId, version)
        .first<{ photo_key: string; photo_type: PhotoContentType }>();
      return row ? { key: row.photo_key, type: row.photo_type } : null;
    },

    async staffPage(afterId, limit, who, since) {
      const { results } = await db
        .prepare(
          `SELECT l.id, l.display_name, l.user_id, l.listed, l.hidden_reason, l.updated_at, m.member_number, m.status AS membership_status,
             CASE WHEN m.user_id IS NOT NULL AND ${LISTABLE} THEN 1 ELSE 0 END AS shown,
             (SELECT group_concat(town, ', ') FROM practitioner_locations WHERE listing_id = l.id) AS towns,
             (SELECT COUNT(*) FROM practitioner_contacts c WHERE c.listing_id = l.id AND c.created_at >= ?4) AS contacts_recent,
             (SELECT COUNT(*) FROM practitioner_contacts c WHERE c.listing_id = l.id) AS contacts_all
           FROM practitioner_listings l LEFT JOIN memberships m ON m.user_id = l.user_id
           WHERE l.id > ?5 ORDER BY l.id LIMIT ?6`,
        )
        .bind(...listabilityParams(who), since.toISOString(), afterId, limit)
        .all<{
          id: number;
          display_name: string;
          user_id: string;
          listed: number;
          hidden_reason: string | null;
          updated_at: string;
          member_number: number | null;
          membership_status: string | null;
          shown: number;
          towns: string | null;
          contacts_recent: number;
          contacts_all: number;
        }>();
      return results.map((r) => ({
        id: r.id,
        displayName: r.display_name,
        userId: r.user_id,
        memberNumber: r.member_number,
        membershipStatus: r.membership_status,
        listed: r.listed === 1,
        shown: r.shown === 1,
        hiddenReason: r.hidden_reason,
        towns: r.towns ?? "",
        contacts30Days: r.contacts_recent,
        contactsAll: r.contacts_all,
        updatedAt: r.updated_at,
      }));
    },

    async hide(id, hidden) {
      const row = await db
        .prepare(
          `UPDATE practitioner_listings SET hidden_reason = ?2, hidden_at = ?3, hidden_by = ?4, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           WHERE id = ?1 RETURNING user_id, contact_email, display_name`,
        )
        .bind(id, hidden?.reason ?? null, hidden?.at.toISOString() ?? null, hidden?.by ?? null)
        .first<{ user_id: string; contact_email: string; display_name: string }>();
      return row ? { userId: row.user_id, email: row.contact_email, displayName: row.display_name } : null;
    },
  };
}
