/**
 * Staff: the members register (every membership record with its state in words, period end,
 * payment method and latest e-mail), filtered by state, searchable, paged by key, and its CSV
 * export, streamed. The staff gate (middleware/require-staff) runs before these routes on every
 * /staff request.
 */
import { Hono } from "hono";
import { REGISTER_FILTERS } from "../domain/membership-lifecycle";
import type { StaffEnv } from "../types";
import { ExportTooBigContent } from "../views/staff/export-too-big-content";
import { registerStateWords } from "../views/membership/member-state-words";
import { csvHeaders } from "../http/download-headers";
import { listQuery, pageCursor } from "../http/list-query";
import { MembersListContent } from "../views/staff/members-list-content";

export const staffMembersRoutes = new Hono<StaffEnv>()
  .get("/staff/members", async (c) => {
    const { status, q } = listQuery(c.req.query(), REGISTER_FILTERS);
    const cursor = pageCursor(c.req.query());
    const [layout, page] = await Promise.all([c.var.services.content.layout(), c.var.services.membersRegister.list(status, q, cursor)]);
    return c.render(<MembersListContent page={page} filter={status} search={q} />, {
      layout,
      head: { pageTitle: "Members", noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .get("/staff/members.csv", async (c) => {
    const { status, q } = listQuery(c.req.query(), REGISTER_FILTERS);
    const offered = await c.var.services.membersRegister.export(c.var.staffMember.email, status, q, registerStateWords);
    if ("tooMany" in offered) {
      // Past what one download holds: the page offering the same list as a background export.
      const [layout, csrfToken] = await Promise.all([c.var.services.content.layout(), c.var.csrfToken()]);
      return c.render(<ExportTooBigContent kind="members" filter={{ status, search: q }} maxRows={offered.tooMany.maxRows} csrfToken={csrfToken} />, {
        layout,
        head: { pageTitle: "Too many rows for one download", noindex: true },
        section: null,
        isPrivate: true,
        status: 409,
      });
    }
    return c.body(offered.stream, 200, csvHeaders("members", new Date()));
  });
