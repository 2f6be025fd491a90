/**
 * GET /certificates/:id: the public check of a CPD certificate, for employers and regulators.
 * A valid certificate shows only the holder's name, the activity, the date, the hours and
 * "valid"; an unknown, altered or revoked id shows "not valid" with status 404. Never stored by
 * a shared cache (a revocation shows at once) and never indexed (it names a person).
 */
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { CertificateVerificationContent } from "../views/cpd/certificate-verification-content";

export const certificateRoutes = new Hono<HonoEnv>().get("/certificates/:id", async (c) => {
  const [layout, certificate] = await Promise.all([c.var.content.layout(), c.var.cpd.certificates.verify(c.req.param("id"))]);
  return c.render(<CertificateVerificationContent certificate={certificate} />, {
    layout,
    head: { pageTitle: certificate ? "Certificate check: valid" : "Certificate not valid", noindex: true },
    section: null,
    isPrivate: true,
    status: certificate ? 200 : 404,
  });
});
