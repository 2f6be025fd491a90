/**
 * Strapi refuses a general page at an address the Worker answers with something that cannot
 * show a page (robots.txt, the sitemap, the staff area), with a message the editor can act on.
 * Pages at the site's own screens' addresses (/join, /user/membership, /webinars/bundles…) are
 * accepted: the Worker shows them around the screen. Real Strapi (global setup), REST API as an editor.
 */
import { describe, expect, inject, it } from "vitest";
import { TEST_SECRETS } from "../support/test-secrets";

const cmsUrl = inject("cmsUrl");

async function createPage(type: string, slug: string) {
  const response = await fetch(`${cmsUrl}/api/general-pages`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ data: { title: `Test ${slug}`, slug, type } }),
  });
  const body = (await response.json()) as { data?: { documentId: string }; error?: { message: string; details?: { errors?: { path: string[] }[] } } };
  if (body.data) {
    await fetch(`${cmsUrl}/api/general-pages/${body.data.documentId}`, { method: "DELETE", headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}` } });
  }
  return { status: response.status, body };
}

describe("general page addresses in Strapi", () => {
  it.each([
    ["Root", "sitemap.xml", "/sitemap.xml"],
    ["Root", "robots.txt", "/robots.txt"],
    ["Root", "staff", "/staff"],
  ])("refuses a %s page %s, naming the address and what to do", async (type, slug, address) => {
    const { status, body } = await createPage(type, slug);
    expect(status).toBe(400);
    expect(body.error?.message).toContain(`The address ${address} is`);
    expect(body.error?.message).toContain("Choose another slug.");
    expect(body.error?.details?.errors?.[0]?.path).toEqual(["slug"]);
  });

  it("accepts pages at the site's own screens' addresses (shown around the screen)", async () => {
    const slug = `test-${Date.now()}`;
    expect((await createPage("Root", slug)).status).toBe(201);
    expect((await createPage("Webinars", "bundles")).status).toBe(201);
  });
});
