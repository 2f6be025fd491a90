/**
 * Staff: background exports (services/exports). A list past what one download holds is offered
 * here instead: POST asks for it, the page lists a kind's recent exports with their state, and a
 * ready one's file is handed over by the Worker (never by R2 itself), audited, to staff whose
 * role includes the list. The address names the kind, so the staff gate checks the role for it
 * (services/staff/staff-access); the service refuses an id of another kind.
 */
import { Hono } from "hono";
import * as z from "zod";
import { EXPORT_KINDS, type ExportKind, type LedgerExportFilter, type ListExportFilter } from "../domain/staff-exports";
import { parseDayRange } from "../services/finance/day-range";
import { londonDate } from "../shared/london-date";
import { AppError } from "../errors";
import { EXPORT_TABS } from "../services/exports/export-sources";
import type { StaffEnv } from "../types";
import { csvHeaders } from "../http/download-headers";
import { ExportsContent } from "../views/staff/exports-content";

const RequestForm = z.object({
  status: z.string().max(40),
  q: z.string().trim().max(200, { error: "Search for at most 200 characters" }).default(""),
});

/** A list's tab and search, as its CSV link sent them. */
function listFilter(kind: Exclude<ExportKind, "ledger">, body: Record<string, unknown>): ListExportFilter {
  const parsed = RequestForm.safeParse(body);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]!.message);
  if (!EXPORT_TABS[kind].includes(parsed.data.status)) throw new AppError("BAD_REQUEST", "Unknown status");
  return { status: parsed.data.status, search: parsed.data.q };
}

/** The ledger's range of days, checked by the ledger page's own rule. */
function ledgerFilter(body: Record<string, unknown>): LedgerExportFilter {
  const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : undefined);
  return parseDayRange({ from: text("from"), to: text("to") }, londonDate(new Date()));
}

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
      const body = await c.req.parseBody();
      const id = await c.var.services.staffExports.request(c.var.staffMember.email, kind, kind === "ledger" ? ledgerFilter(body) : listFilter(kind, body));
      return c.redirect(`/staff/exports/${kind}?requested=${encodeURIComponent(id)}`, 303);
    })
    .get(`/staff/exports/${kind}/:id/file`, async (c) => {
      const { body, size, exported } = await c.var.services.staffExports.download(c.var.staffMember.email, kind, c.req.param("id"));
      return c.body(body, 200, { ...csvHeaders(`${kind}-export`, new Date(exported.requestedAt)), "Content-Length": String(size) });
    });
}
