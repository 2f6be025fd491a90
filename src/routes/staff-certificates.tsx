/**
 * Staff: CPD certificates and their revocation (audited in staff_audit_log as
 * `certificate.revoked`). The staff gate (middleware/require-staff) runs before these routes.
 * The gate also checks the role (services/staff/staff-access.ts): certificates are members'
 * records, so the membership team and administrators may revoke; read-only staff may only look.
 *   GET  /staff/certificates?q=…             the list, newest first, searchable
 *   POST /staff/certificates/:id/revoke      revoke one (field: reason)
 */
import { Hono, type Context } from "hono";
import { certificateNumber } from "../domain/cpd";
import { hrefs } from "../shared/links";
import type { StaffEnv } from "../types";
import { CertificatesListContent } from "../views/staff/certificates-list-content";
import { LIST_LIMIT, listQuery } from "../http/list-query";

async function listPage(c: Context<StaffEnv>, problem: { certificateId: string; message: string } | null = null) {
  const { q } = listQuery({ q: c.req.query("q") }, ["all"]);
  const [layout, certificates] = await Promise.all([c.var.services.content.layout(), c.var.services.cpd.certificates.list(q || null, LIST_LIMIT)]);
  const revoked = c.req.query("revoked");
  return c.render(
    <CertificatesListContent
      certificates={certificates}
      search={q}
      limit={LIST_LIMIT}
      csrfToken={await c.var.csrfToken()}
      problem={problem}
      revoked={revoked && /^CPD-\d{6,}$/.test(revoked) ? revoked : null}
    />,
    { layout, head: { pageTitle: problem ? "There is a problem — CPD certificates" : "CPD certificates", noindex: true }, section: null, isPrivate: true, status: problem ? 400 : 200 },
  );
}

export const staffCertificatesRoutes = new Hono<StaffEnv>()
  .get("/staff/certificates", (c) => listPage(c))
  .post("/staff/certificates/:id/revoke", async (c) => {
    const id = c.req.param("id");
    const body = await c.req.parseBody();
    const reason = typeof body.reason === "string" ? body.reason : "";
    const outcome = await c.var.services.cpd.certificates.revoke(c.var.staffMember.email, id, reason);
    if (!outcome.ok) return listPage(c, { certificateId: id, message: outcome.problem });
    return c.redirect(`${hrefs.staffCertificates}?revoked=${certificateNumber(outcome.number)}`, 303);
  });
