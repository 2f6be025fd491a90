/**
 * The regions members' addresses name, for the audience's region filter: read from the region
 * index of member_audience_facts (migration 0060) one distinct key at a time (each step one seek
 * for the next larger key), so the list costs as many seeks as it shows, not a read of every
 * member. Bounded: past `limit` the caller is told there are more.
 */
import type { AudienceRegions } from "../../domain/member-messages";

export const AUDIENCE_REGIONS_SQL = `WITH RECURSIVE r(key, n) AS (
    SELECT (SELECT MIN(region_key) FROM member_audience_facts WHERE region_key IS NOT NULL), 1
    UNION ALL
    SELECT (SELECT MIN(region_key) FROM member_audience_facts WHERE region_key > r.key), r.n + 1 FROM r WHERE r.key IS NOT NULL AND r.n <= ?1
  )
  SELECT key FROM r WHERE key IS NOT NULL`;

export async function audienceRegions(db: D1Database, limit: number): Promise<AudienceRegions> {
  const { results } = await db.prepare(AUDIENCE_REGIONS_SQL).bind(limit).all<{ key: string }>();
  return { regions: results.slice(0, limit).map((r) => r.key), more: results.length > limit };
}
