/**
 * Staff: background exports (services/exports). A list past what one download holds is offered
 * here instead: POST asks for it, the page lists a kind's recent exports with their state, and a
 * ready one's file is handed over by the Worker (never by R2 itself), audited, to staff whose
 * role includes the list. The address names the kind, so the staff gate checks the role for it
 * (services/staff/staff-access); the service refuses an id of another kind.
 */
import { Hono } from "hono";
import * as z from "zod";
import { EXPORT_KINDS } from "../domain/staff-exports";
import { AppError } from "../errors";
import { EXPORT_TABS } from "../services/exports/export-sources";
import type { StaffEnv } from "../types";
import { csvHeaders } from "../http/download-headers";
import { ExportsContent } from "../views/staff/exports-content";

const RequestForm = z.object({
  status: z.string().max(40),
  q: z.string().trim().max(200, { error: "Search for at most 200 characters" }).default(""),
});

export const staffExportsRoutes = new Hono<StaffEnv>();

// One set of routes per kind, each address naming its kind, so the role rule is the list's own.
for (const kind of EXPORT_KINDS) {
  staffExportsRoutes
    .get(`/staff/exports/${kind}`, async (c) => {
      const [layout, exports] = await Promise.all([c.var.services.content.layout(), c.var.services.staffExports.newest(kind)]);
      return c.render(<ExportsContent kind={kind} exports={exports} requested={c.req.query("requested") ?? null} now={new Date().toISOString()} />, {
        layout,
        head: { pageTitle: `Exports of ${kind}`, noindex: true },
        section: null,
        isPrivate: true,
      });
    })
    .post(`/staff/exports/${kind}`, async (c) => {
      const parsed = RequestForm.safeParse(await c.req.parseBody());
      if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]!.message);
      if (!EXPORT_TABS[kind].includes(parsed.data.status)) throw new AppError("BAD_REQUEST", "Unknown status");
      const id = await c.var.services.staffExports.request(c.var.staffMember.email, kind, { status: parsed.data.status, search: parsed.data.q });
      return c.redirect(`/staff/exports/${kind}?requested=${encodeURIComponent(id)}`, 303);
    })
    .get(`/staff/exports/${kind}/:id/file`, async (c) => {
      const { body, size, exported } = await c.var.services.staffExports.download(c.var.staffMember.email, kind, c.req.param("id"));
      return c.body(body, 200, { ...csvHeaders(`${kind}-export`, new Date(exported.requestedAt)), "Content-Length": String(size) });
    });
}
