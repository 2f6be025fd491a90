/** Who owns which webinars (the `entitlements` granted by paid or free orders, migrations/0006_orders.sql). */

export interface WebinarOwner {
  userId: string;
  /** The address the granting order was placed with. */
  email: string;
  webinarId: string;
}

export interface EntitlementStore {
  /** Everyone who owns any of these webinars, one row per user and webinar. */
  owners(webinarIds: readonly string[]): Promise<WebinarOwner[]>;
}

export function createEntitlementStore(db: D1Database): EntitlementStore {
  return {
    async owners(webinarIds) {
      if (webinarIds.length === 0) return [];
      const { results } = await db
        .prepare(
          `SELECT e.user_id, e.webinar_id, o.email FROM entitlements e JOIN orders o ON o.id = e.order_id
           WHERE e.webinar_id IN (SELECT value FROM json_each(?1)) ORDER BY e.webinar_id, e.user_id`,
        )
        .bind(JSON.stringify(webinarIds))
        .all<{ user_id: string; webinar_id: string; email: string }>();
      return results.map((r) => ({ userId: r.user_id, email: r.email, webinarId: r.webinar_id }));
    },
  };
}
