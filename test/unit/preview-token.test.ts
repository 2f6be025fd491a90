/** The preview cookie: signed, short-lived, refused when forged, expired or from another secret. */
import { describe, expect, it } from "vitest";
import { asDraftQuery } from "../../src/adapters/cms/draft-documents";
import { allGeneralPagesOperation, globalOperation } from "../../src/adapters/cms/operations";
import { isValidPreviewToken, PREVIEW_MAX_AGE_SECONDS, signPreviewToken } from "../../src/services/preview/preview-token";

const SECRET = "a-preview-secret-of-at-least-thirty-two-characters";
const now = 1_800_000_000;

describe("preview cookie", () => {
  it("is valid until it expires", async () => {
    const token = await signPreviewToken(SECRET, now + PREVIEW_MAX_AGE_SECONDS);
    expect(await isValidPreviewToken(SECRET, token, now)).toBe(true);
    expect(await isValidPreviewToken(SECRET, token, now + PREVIEW_MAX_AGE_SECONDS)).toBe(false);
  });

  it("is refused when forged, altered, from another secret, or claiming a longer life", async () => {
    const token = await signPreviewToken(SECRET, now + 60);
    const [expires, signature] = token.split(".") as [string, string];
    expect(await isValidPreviewToken("another-secret-of-at-least-thirty-two-chars", token, now)).toBe(false);
    expect(await isValidPreviewToken(SECRET, `${Number(expires) + 1}.${signature}`, now)).toBe(false);
    expect(await isValidPreviewToken(SECRET, `${expires}.${"A".repeat(43)}`, now)).toBe(false);
    const tooLong = await signPreviewToken(SECRET, now + PREVIEW_MAX_AGE_SECONDS + 60);
    expect(await isValidPreviewToken(SECRET, tooLong, now)).toBe(false);
    for (const junk of [undefined, null, "", "1", "x.y", `${expires}.`, `${expires}.${signature}=`]) {
      expect(await isValidPreviewToken(SECRET, junk, now)).toBe(false);
    }
  });
});

describe("draft queries", () => {
  it("ask every top-level field for drafts, and leave nested fields alone", () => {
    const draft = asDraftQuery(allGeneralPagesOperation.document).replace(/\s+/g, " ");
    expect(draft).toContain('generalPages_connection( pagination: {page: $page, pageSize: $pageSize} sort: ["slug:asc", "type:asc", "documentId:asc"] status: DRAFT )');
    expect(draft.match(/status: DRAFT/g)).toHaveLength(1);
    expect(asDraftQuery(globalOperation.document).replace(/\s+/g, " ")).toMatch(/global\(status: DRAFT\)/);
  });
});
