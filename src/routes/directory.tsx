/**
 * The member directory:
 *   GET  /members/directory      search and page through listed members (members only)
 *   GET  /user/directory         the member's own listing: opt in, choose what shows
 *   POST /user/directory         save the listing (lists the member)
 *   POST /user/directory/leave   leave the directory, at once
 * A visitor is sent to sign in; a signed-in non-member gets a 403 that invites them to join.
 * Every page is private and never kept by any cache, so a change (leaving, hiding a field)
 * shows at once.
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { parseDirectoryListingForm, parseDirectorySearch, submittedDirectoryEntry } from "../shared/directory-form";
import type { DirectoryEntry } from "../domain/directory";
import type { SignedInEnv } from "../types";
import { MembersOnlyContent } from "../views/auth/members-only-content";
import { DirectoryContent } from "../views/directory/directory-content";
import { DirectorySettingsContent } from "../views/directory/directory-settings-content";
import type { FieldProblem } from "../views/forms/error-summary";

const privateScreen = (title: string) => ({ head: { pageTitle: title, noindex: true }, section: "userSettings" as const, isPrivate: true });

/** The 403 for a signed-in non-member, or null for a member. */
async function notAMember(c: Context<SignedInEnv>, title: string) {
  if (await c.var.isMember()) return null;
  const layout = await c.var.services.content.layout();
  return c.render(<MembersOnlyContent title={title} email={c.var.session?.email ?? null} />, { layout, ...privateScreen(title), status: 403 });
}

async function renderSettings(c: Context<SignedInEnv>, problems: FieldProblem[], submitted: { listed: boolean; entry: DirectoryEntry } | null) {
  const session = c.var.session;
  const [layout, own] = await Promise.all([c.var.services.content.layout(), submitted ?? c.var.services.directory.ownEntry(session.userId, session.email)]);
  const saved = c.req.query("saved");
  const notice = saved === "1" ? "Your directory listing has been saved." : saved === "left" ? "You have left the member directory." : null;
  return c.render(<DirectorySettingsContent listed={own.listed} entry={own.entry} problems={problems} notice={problems.length ? null : notice} csrfToken={await c.var.csrfToken()} />, {
    layout,
    ...privateScreen("Your directory listing"),
    status: problems.length ? 400 : 200,
  });
}

export const directoryRoutes = new Hono<SignedInEnv>()
  .get("/members/directory", async (c) => {
    const refused = await notAMember(c, "Member directory");
    if (refused) return refused;
    const parsed = parseDirectorySearch(c.req.query());
    if (!parsed.ok && parsed.field === null) throw new AppError("BAD_REQUEST", parsed.message);
    if (!parsed.ok) {
      // A search the box must explain: said beside it, with what was typed, and no listing.
      const layout = await c.var.services.content.layout();
      return c.render(<DirectoryContent text={parsed.text} problem={parsed.message} result={null} />, { layout, ...privateScreen("Member directory"), status: 400 });
    }
    const [layout, result] = await Promise.all([c.var.services.content.layout(), c.var.services.directory.search(c.var.session.userId, parsed.search)]);
    return c.render(<DirectoryContent text={parsed.search.text} problem={null} result={result} />, { layout, ...privateScreen("Member directory") });
  })
  .get("/user/directory", async (c) => (await notAMember(c, "Your directory listing")) ?? renderSettings(c, [], null))
  .post("/user/directory", async (c) => {
    const refused = await notAMember(c, "Your directory listing");
    if (refused) return refused;
    const userId = c.var.session.userId;
    const body = await c.req.parseBody();
    const form = parseDirectoryListingForm(body);
    if (!form.ok) {
      const { listed } = await c.var.services.directory.ownEntry(userId, c.var.session.email);
      return renderSettings(c, form.problems, { listed, entry: submittedDirectoryEntry(body) });
    }
    await c.var.services.directory.join(userId, form.entry);
    c.header("Cache-Control", "private, no-store");
    return c.redirect("/user/directory?saved=1", 303);
  })
  .post("/user/directory/leave", async (c) => {
    await c.var.services.directory.leave(c.var.session.userId);
    c.header("Cache-Control", "private, no-store");
    return c.redirect("/user/directory?saved=left", 303);
  });
