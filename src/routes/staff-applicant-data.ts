/**
 * Staff: an applicant's data for a data-subject request, the same JSON file "Download my data"
 * gives them (services/privacy/data-export.ts):
 *   GET /staff/applications/{id}/personal-data.json
 * Audited before the data leaves (`privacy.exported`: who, when, which application), like the
 * staff CSV exports.
 */
import { Hono } from "hono";
import type { StaffEnv } from "../types";
import { jsonDownloadHeaders } from "../http/download-headers";

export const staffApplicantDataRoutes = new Hono<StaffEnv>()
  .get("/staff/applications/:id/personal-data.json", async (c) => {
    const application = await c.var.services.staffApplications.byId(c.req.param("id"));
    const document = await c.var.services.privacy.export.forApplicant(c.var.staffMember.email, application);
    return c.body(JSON.stringify(document, null, 2), 200, jsonDownloadHeaders(`personal-data-${application.reference}`, new Date()));
  });
