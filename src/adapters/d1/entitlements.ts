/** Who owns which webinars (the `entitlements` granted by paid or free orders, migrations/0006_orders.sql). */

export interface WebinarOwner {
  userId: string;
  /** The address the granting order was placed with. */
  email: string;
  webinarId: string;
}

/** A message due about a webinar to each of its owners: the outbox dedupe key is `<kind>:<user id><keyAfterUser>`. */
export interface WebinarNoticeDue {
  webinarId: string;
  kind: "webinar-reminder" | "recording-ready";
  keyAfterUser: string;
}

export interface EntitlementStore {
  /**
   * The owners of these webinars who do not yet have the message due to them (no outbox row with
   * its dedupe key): a run after the first finds only those who bought since, however many
   * were told before. One row per owner and notice.
   */
  ownersNotYetTold(notices: readonly WebinarNoticeDue[]): Promise<(WebinarOwner & { kind: WebinarNoticeDue["kind"] })[]>;
}

/**
 * ?1 the notices due, as JSON. Each owner is found on `entitlements_webinar`, and the anti-join
 * asks the outbox's unique dedupe key, so the cost follows the new owners, not all of them.
 * Exported for the query-plan test.
 */
export const OWNERS_NOT_YET_TOLD_SQL = `SELECT e.user_id, e.webinar_id, o.email, json_extract(json_each.value, '$.kind') AS kind
  FROM json_each(?1)
  CROSS JOIN entitlements e ON e.webinar_id = json_extract(json_each.value, '$.webinarId')
  JOIN orders o ON o.id = e.order_id
  WHERE NOT EXISTS (SELECT 1 FROM email_outbox x
                    WHERE x.dedupe_key = json_extract(json_each.value, '$.kind') || ':' || e.user_id || json_extract(json_each.value, '$.keyAfterUser'))
  ORDER BY e.webinar_id, e.user_id`;

export function createEntitlementStore(db: D1Database): EntitlementStore {
  return {
    async ownersNotYetTold(notices) {
      if (notices.length === 0) return [];
      const { results } = await db
        .prepare(OWNERS_NOT_YET_TOLD_SQL)
        .bind(JSON.stringify(notices))
        .all<{ user_id: string; webinar_id: string; email: string; kind: WebinarNoticeDue["kind"] }>();
      return results.map((r) => ({ userId: r.user_id, email: r.email, webinarId: r.webinar_id, kind: r.kind }));
    },
  };
}
