/**
 * One-click unsubscribe (RFC 8058) from the links in reminders and notices: GET shows a
 * confirmation with a button (link checkers and previews fetch GETs, so a GET alone changes
 * nothing); POST unsubscribes. The signed token in the link is the proof, so the POST needs no
 * session and no CSRF token (app.ts exempts it); a forged or altered token changes nothing.
 */
import { Hono, type Context } from "hono";
import { OPTIONAL_CATEGORY_LABELS } from "../domain/email";
import { UNSUBSCRIBE_PATH } from "../services/email/preferences";
import type { HonoEnv } from "../types";
import { UnsubscribeContent, type UnsubscribeState } from "../views/email-preferences/unsubscribe-content";

async function render(c: Context<HonoEnv>, state: UnsubscribeState) {
  return c.render(<UnsubscribeContent state={state} />, {
    layout: await c.var.services.content.layout(),
    head: { pageTitle: state.step === "invalid" ? "Unsubscribe link not valid" : "Unsubscribe", noindex: true },
    section: null,
    isPrivate: true,
    status: state.step === "invalid" ? 400 : 200,
  });
}

/** A mail provider's one-click request (its body is exactly this), as opposed to our own page's button. */
async function isOneClick(c: Context<HonoEnv>): Promise<boolean> {
  const type = c.req.header("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  return (await c.req.parseBody())["List-Unsubscribe"] === "One-Click";
}

export const emailPreferenceRoutes = new Hono<HonoEnv>()
  .get(UNSUBSCRIBE_PATH, async (c) => {
    const token = c.req.query("token");
    const subject = await c.var.services.email.preferences.readToken(token);
    if (!subject) return render(c, { step: "invalid" });
    const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token: token! })}`;
    return render(c, { step: "confirm", label: OPTIONAL_CATEGORY_LABELS[subject.category], action });
  })
  .post(UNSUBSCRIBE_PATH, async (c) => {
    const subject = await c.var.services.email.preferences.unsubscribe(c.req.query("token"));
    if (await isOneClick(c)) {
      // The provider only needs the status; nothing here depends on the CMS being up.
      c.header("Cache-Control", "private, no-store");
      return subject ? c.text("You are unsubscribed.") : c.text("This unsubscribe link is not valid.", 400);
    }
    return render(c, subject ? { step: "done", label: OPTIONAL_CATEGORY_LABELS[subject.category] } : { step: "invalid" });
  });
