/**
 * Staff: members' public listings (Find a practitioner):
 *   GET  /staff/practitioners?after=ID      listings by id, a page at a time, with state and messages
 *   GET  /staff/practitioners.csv           every listing
 *   POST /staff/practitioners/:id/hide      hide with a reason (the member is e-mailed it)
 *   POST /staff/practitioners/:id/show      show again
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { csvHeaders } from "../http/download-headers";
import type { StaffEnv } from "../types";
import type { FieldProblem } from "../views/forms/error-summary";
import { PractitionersContent } from "../views/staff/practitioners-content";

const NOTICES: Record<string, string> = {
  hidden: "The listing is hidden, and the member has been e-mailed your reason.",
  shown: "The listing shows again (while the membership is in force).",
};

const listingId = (c: Context<StaffEnv>) => {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("NOT_FOUND", "There is no such listing");
  return id;
};

async function listPage(c: Context<StaffEnv>, problems: FieldProblem[] = []) {
  const afterText = c.req.query("after") ?? "0";
  if (!/^\d{1,12}$/.test(afterText)) throw new AppError("BAD_REQUEST", "This page link is broken: open the list again");
  const [layout, page] = await Promise.all([c.var.services.content.layout(), c.var.services.practitioners.staff.page(Number(afterText))]);
  return c.render(
    <PractitionersContent rows={page.rows} next={page.next} csrfToken={await c.var.csrfToken()} notice={NOTICES[c.req.query("done") ?? ""] ?? null} problems={problems} />,
    { layout, head: { pageTitle: problems.length ? "There is a problem — Public listings" : "Public listings", noindex: true }, section: null, isPrivate: true, status: problems.length ? 400 : 200 },
  );
}

export const staffPractitionersRoutes = new Hono<StaffEnv>()
  .get("/staff/practitioners", (c) => listPage(c))
  .get("/staff/practitioners.csv", async (c) => {
    const csv = await c.var.services.practitioners.staff.exportCsv(c.var.staffMember.email);
    return c.body(csv, 200, csvHeaders("public-listings", new Date()));
  })
  .post("/staff/practitioners/:id/hide", async (c) => {
    const id = listingId(c);
    const body = await c.req.parseBody();
    const reason = typeof body.reason === "string" ? body.reason.trim() : "";
    if (reason.length === 0 || reason.length > 500) {
      return listPage(c, [{ field: `reason-${id}`, message: "Give the reason the member will be told (at most 500 characters)" }]);
    }
    await c.var.services.practitioners.staff.hide(id, reason, c.var.staffMember.email);
    return c.redirect("/staff/practitioners?done=hidden", 303);
  })
  .post("/staff/practitioners/:id/show", async (c) => {
    await c.var.services.practitioners.staff.hide(listingId(c), null, c.var.staffMember.email);
    return c.redirect("/staff/practitioners?done=shown", 303);
  });
