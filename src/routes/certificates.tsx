/**
 * GET /certificates/:id: the public check of a CPD certificate, for employers and regulators.
 * A valid certificate shows only the holder's name, the activity, the date, the hours, what the
 * society verified and "valid"; a revoked one "Revoked on <day>" ("Withdrawn on <day>" for an
 * event's, whose place was refunded or cancelled) with status 410; an unknown or
 * altered id "not valid" with status 404. Never stored by a shared cache (a revocation shows at
 * once) and never indexed (it names a person).
 */
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { CertificateVerificationContent } from "../views/cpd/certificate-verification-content";

const TITLES = { valid: "Certificate check: valid", revoked: "Certificate revoked", unknown: "Certificate not valid" } as const;
const STATUSES = { valid: 200, revoked: 410, unknown: 404 } as const;

export const certificateRoutes = new Hono<HonoEnv>().get("/certificates/:id", async (c) => {
  const [layout, check] = await Promise.all([c.var.services.content.layout(), c.var.services.cpd.certificates.verify(c.req.param("id"))]);
  const status = check?.status ?? "unknown";
  return c.render(<CertificateVerificationContent check={check} />, {
    layout,
    // An event's certificate is withdrawn (its place refunded or cancelled) rather than revoked.
    head: { pageTitle: check?.status === "revoked" && check.event ? "Certificate withdrawn" : TITLES[status], noindex: true },
    section: null,
    isPrivate: true,
    status: STATUSES[status],
  });
});
