/**
 * Pages a person reaches with no session, after leaving one behind:
 *   GET /account/email-changed   where Firebase's link after an e-mail change returns (it may open
 *                                on another device; its proof is the signed token in its address):
 *                                our records follow the change (services/auth/email-change.ts)
 *   GET /account/deleted         the confirmation after deleting the account (routes/user-privacy.tsx)
 */
import { Hono } from "hono";
import { hrefs } from "../shared/links";
import type { HonoEnv } from "../types";
import { EmailChangedContent } from "../views/auth/change-email-content";
import { AccountDeletedContent } from "../views/privacy/delete-account-content";

const screen = (title: string) => ({ head: { pageTitle: title, noindex: true }, section: "userSettings" as const, isPrivate: true });

export const accountOutcomeRoutes = new Hono<HonoEnv>()
  .get(hrefs.emailChanged, async (c) => {
    const outcome = await c.var.services.emailChange.confirm(c.req.query("change"));
    const email = outcome.kind === "changed" || outcome.kind === "current" ? outcome.email : null;
    // Whoever was signed in here with the old address has just been signed out.
    return c.render(<EmailChangedContent outcome={outcome.kind} email={email} />, {
      layout: await c.var.services.content.layout(),
      ...screen("Your e-mail address"),
      status: outcome.kind === "invalid" ? 404 : 200,
    });
  })
  .get(hrefs.accountDeleted, async (c) => c.render(<AccountDeletedContent />, { layout: await c.var.services.content.layout(), ...screen("Your account has been deleted") }));
