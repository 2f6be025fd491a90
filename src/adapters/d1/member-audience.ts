/**
 * An audience as SQL: the members who consent to a topic, are not suppressed, and match every
 * filter set. The walk starts from the narrowest index a filter offers, in user id order, so a
 * count or a keyset page reads only the members that filter holds (an event's bookings, a
 * specialisation, a region, a country), or, with none of those set, the topic's consenting
 * members (`member_consents_audience`). Everything else is checked per member on a primary key
 * (the membership, the consent, the audience facts of migrations/0060_member_audience_facts.sql).
 * CROSS JOIN keeps SQLite's planner to that order: at 500,000 members the wrong starting table
 * reads every row.
 *
 * Parameters ?1-?4 belong to the statements that use the audience (the page's bounds, the
 * message); the audience's own are from ?5 on.
 */
import type { Audience } from "../../domain/member-messages";

export interface AudienceSql {
  /** FROM … with the aliases c (the consent), m (the membership) and, where needed, f (the facts) and b (the booking). */
  from: string;
  /** The user id column the walk is ordered by. */
  key: string;
  where: string;
  params: unknown[];
  /** An event's bookings may name a member twice. */
  distinct: boolean;
}

/**
 * The facts of the member in hand, by user id. Named, because with the statistics of a small or
 * young table SQLite may otherwise read a whole filter index for each member.
 */
const FACTS_BY_USER = "member_audience_facts AS f INDEXED BY member_audience_facts_user";

type Driver = "event" | "specialisation" | "region" | "country" | "topic";

const driverOf = (a: Audience): Driver =>
  a.eventId !== null ? "event" : a.specialisations.length > 0 ? "specialisation" : a.regions.length > 0 ? "region" : a.countries.length > 0 ? "country" : "topic";

const usesFacts = (a: Audience) => a.countries.length > 0 || a.regions.length > 0 || a.specialisations.length > 0 || a.joinedFrom !== null || a.joinedBefore !== null;

export function audienceSql(topic: string, audience: Audience, now: Date): AudienceSql {
  const params: unknown[] = [topic];
  const at = (value: unknown) => {
    params.push(value);
    return `?${4 + params.length}`;
  };
  const conditions = [`c.topic = ?5`, `c.consented = 1`];
  // Bounced or complained: bulk mail stops until staff clear it.
  conditions.push(`NOT EXISTS (SELECT 1 FROM email_suppressions AS s WHERE s.email = lower(m.email) AND s.cleared_at IS NULL)`);

  const driver = driverOf(audience);
  const facts = usesFacts(audience);
  let from: string;
  let key: string;
  if (driver === "event") {
    from = `FROM event_bookings AS b CROSS JOIN member_consents AS c ON c.user_id = b.user_id AND c.topic = ?5 CROSS JOIN memberships AS m ON m.user_id = b.user_id`;
    key = "b.user_id";
    conditions.push(`b.event_id = ${at(audience.eventId)}`, `b.status = 'confirmed'`);
    if (facts) from += ` CROSS JOIN ${FACTS_BY_USER} ON f.user_id = b.user_id`;
  } else if (driver === "topic") {
    from = `FROM member_consents AS c CROSS JOIN memberships AS m ON m.user_id = c.user_id`;
    key = "c.user_id";
    if (facts) from += ` CROSS JOIN ${FACTS_BY_USER} ON f.user_id = c.user_id`;
  } else {
    // Named: with a list of values SQLite would rather walk every member in user id order than
    // seek the filter's index once per value and sort what it found.
    const column = driver === "specialisation" ? "specialisation_key" : driver === "region" ? "region_key" : "country";
    from = `FROM member_audience_facts AS f INDEXED BY member_audience_facts_${driver} CROSS JOIN member_consents AS c ON c.user_id = f.user_id AND c.topic = ?5 CROSS JOIN memberships AS m ON m.user_id = f.user_id`;
    key = "f.user_id";
    conditions.push(`f.${column} IS NOT NULL`);
  }

  // Each list is one JSON parameter, normalised in SQL as the facts were (SQLite's lower(), upper()
  // and trim()), so both sides agree. The driving filter seeks its index once per value; a unary +
  // keeps the planner off a column's index when another filter drives the walk: a region inside a
  // country must start from the region, not from every member in the country.
  const oneOf = (name: string, drives: boolean, values: readonly string[], normalise: "lower" | "upper") =>
    `${drives ? "" : "+"}f.${name} IN (SELECT ${normalise}(trim(value)) FROM json_each(${at(JSON.stringify(values))}))`;
  if (audience.specialisations.length > 0) conditions.push(oneOf("specialisation_key", driver === "specialisation", audience.specialisations, "lower"));
  if (audience.regions.length > 0) conditions.push(oneOf("region_key", driver === "region", audience.regions, "lower"));
  if (audience.countries.length > 0) conditions.push(oneOf("country", driver === "country", audience.countries, "upper"));
  if (audience.joinedFrom !== null) conditions.push(`+f.joined_on >= ${at(audience.joinedFrom)}`);
  if (audience.joinedBefore !== null) conditions.push(`+f.joined_on < ${at(audience.joinedBefore)}`);

  if (audience.membershipTypes.length > 0) conditions.push(`m.membership_slug IN (SELECT value FROM json_each(${at(JSON.stringify(audience.membershipTypes))}))`);
  if (audience.states.length > 0) {
    const states: string[] = [];
    for (const state of audience.states) {
      if (state === "lapsed" && audience.lapsedWithinMonths !== null) {
        const since = new Date(now);
        since.setUTCMonth(since.getUTCMonth() - audience.lapsedWithinMonths);
        states.push(`(m.status = 'lapsed' AND m.period_end >= ${at(since.toISOString().slice(0, 10))})`);
      } else {
        states.push(`m.status = ${at(state)}`);
      }
    }
    conditions.push(`(${states.join(" OR ")})`);
  }
  if (audience.noCpdThisYear) {
    conditions.push(`NOT EXISTS (SELECT 1 FROM cpd_entries AS e WHERE e.user_id = m.user_id AND e.activity_date >= ${at(`${now.getUTCFullYear()}-01-01`)})`);
  }
  return { from, key, where: conditions.join(" AND "), params, distinct: driver === "event" };
}

/** How many the audience holds now: one statement and its values. */
export function audienceCountSql(topic: string, audience: Audience, now: Date): { sql: string; values: unknown[] } {
  const a = audienceSql(topic, audience, now);
  return { sql: `SELECT COUNT(${a.distinct ? "DISTINCT " : ""}${a.key}) AS n ${a.from} WHERE ${a.where}`, values: [null, null, null, null, ...a.params] };
}

/** The audience's next keyset page after ?1, at most ?2 people: its last user id and how many it holds. */
export function audiencePageSql(topic: string, audience: Audience, now: Date, after: string, size: number): { sql: string; values: unknown[] } {
  const a = audienceSql(topic, audience, now);
  return {
    sql: `SELECT MAX(user_id) AS last, COUNT(*) AS n FROM (SELECT ${a.distinct ? "DISTINCT " : ""}${a.key} AS user_id ${a.from} WHERE ${a.key} > ?1 AND ${a.where} ORDER BY ${a.key} LIMIT ?2)`,
    values: [after, size, null, null, ...a.params],
  };
}
