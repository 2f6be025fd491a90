import { describe, expect, it } from "vitest";
import { WebinarSummaryAttributes, relationMany } from "../../src/adapters/cms/schemas";
import { holdsLegacyIds, withDocumentIds } from "../../src/services/orders/legacy-entitlements";

describe("webinars are keyed by their lasting documentId", () => {
  it("a related webinar takes its documentId as its id and keeps the published row's numeric id as legacyId", () => {
    const webinars = relationMany(WebinarSummaryAttributes).parse({
      data: [{ id: 42, attributes: { documentId: "abc123documentid", name: "Pelvic health", slug: "pelvic-health", date: "2027-01-01T10:00:00.000Z" } }],
    });
    expect(webinars[0]).toMatchObject({ id: "abc123documentid", legacyId: "42", slug: "pelvic-health" });
  });

  it("an entitlement recorded under a webinar's current numeric id counts for its documentId; a stale one for nothing", () => {
    const webinars = [{ id: "doc-a", legacyId: "7" }, { id: "doc-b", legacyId: "9" }];
    const owned = new Set(["7", "doc-c", "3"]);
    expect(holdsLegacyIds(owned)).toBe(true);
    expect([...withDocumentIds(owned, webinars)].sort()).toEqual(["3", "7", "doc-a", "doc-c"]);
    expect(holdsLegacyIds(new Set(["doc-a", "k2x9"]))).toBe(false);
  });
});
