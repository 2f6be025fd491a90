/**
 * Staff: setting up the second factor (/staff/second-factor) and passing it after sign-in
 * (/staff/verify). Open to every staff member before the factor is passed (the staff gate sends
 * them here); everything else under /staff needs it. After passing, the member goes back to the
 * staff page they asked for (only ever a staff page on this site). Posting a code is limited like
 * signing in (so many attempts a minute per client address and per staff address), on top of the
 * second factor's own five wrong codes in fifteen minutes.
 */
import { Hono, type Context } from "hono";
import { safeCallbackUrl } from "../services/auth/callback-url";
import { SecondFactorCodeError } from "../services/staff/second-factor";
import { staffHome } from "../services/staff/staff-access";
import type { StaffEnv } from "../types";
import { EnrolContent, RecoveryCodesContent, VerifyContent } from "../views/staff/second-factor-content";

const OWN_PAGES = ["/staff/verify", "/staff/second-factor"];
/** Setting the factor up and passing it share one allowance: both check a code. */
const CODE_ATTEMPTS = "staff-second-factor";

/** The staff page to go on to: a path on this site under /staff, else the member's first list. */
function nextPage(c: Context<StaffEnv>, raw: unknown): string {
  const home = staffHome(c.var.staffMember.role);
  const path = safeCallbackUrl(typeof raw === "string" ? raw : null, c.var.config.site.url);
  const bare = path.split(/[?#]/)[0]!;
  return path.startsWith("/staff/") && !OWN_PAGES.includes(bare) ? path : home;
}

async function render(c: Context<StaffEnv>, content: React.ReactElement, title: string, status: 200 | 422 = 200) {
  return c.render(content, { layout: await c.var.services.content.layout(), head: { pageTitle: title, noindex: true }, section: null, isPrivate: true, status });
}

async function enrolPage(c: Context<StaffEnv>, callbackUrl: string, error: string | null) {
  const { secret, uri } = await c.var.services.secondFactor.enrolment(c.var.session, c.var.staffMember.email);
  return render(c, <EnrolContent secret={secret} uri={uri} csrfToken={await c.var.csrfToken()} callbackUrl={callbackUrl} error={error} />, "Set up your second factor", error ? 422 : 200);
}

async function verifyPage(c: Context<StaffEnv>, callbackUrl: string, error: string | null) {
  return render(c, <VerifyContent csrfToken={await c.var.csrfToken()} callbackUrl={callbackUrl} error={error} />, "Enter your code", error ? 422 : 200);
}

export const staffSecondFactorRoutes = new Hono<StaffEnv>()
  .get("/staff/second-factor", async (c) => {
    const next = nextPage(c, c.req.query("callbackUrl"));
    if (c.var.staffMember.secondFactorEnrolled) return c.redirect(`/staff/verify?callbackUrl=${encodeURIComponent(next)}`, 303);
    return enrolPage(c, next, null);
  })
  .post("/staff/second-factor", async (c) => {
    const body = await c.req.parseBody();
    const next = nextPage(c, body.callbackUrl);
    await c.var.services.attemptLimits.check(CODE_ATTEMPTS, c.var.staffMember.email);
    try {
      const codes = await c.var.services.secondFactor.confirmEnrolment(c.var.session, c.var.staffMember.email, body.code);
      return render(c, <RecoveryCodesContent codes={codes} next={next} />, "Your recovery codes");
    } catch (error) {
      if (error instanceof SecondFactorCodeError) return enrolPage(c, next, error.message);
      throw error;
    }
  })
  .get("/staff/verify", async (c) => {
    const next = nextPage(c, c.req.query("callbackUrl"));
    if (!c.var.staffMember.secondFactorEnrolled) return c.redirect(`/staff/second-factor?callbackUrl=${encodeURIComponent(next)}`, 303);
    if (c.var.session.secondFactorAt !== null) return c.redirect(next, 303);
    return verifyPage(c, next, null);
  })
  .post("/staff/verify", async (c) => {
    const body = await c.req.parseBody();
    const next = nextPage(c, body.callbackUrl);
    await c.var.services.attemptLimits.check(CODE_ATTEMPTS, c.var.staffMember.email);
    try {
      await c.var.services.secondFactor.verify(c.var.session, c.var.staffMember.email, body.code);
    } catch (error) {
      if (error instanceof SecondFactorCodeError) return verifyPage(c, next, error.message);
      throw error;
    }
    return c.redirect(next, 303);
  });
