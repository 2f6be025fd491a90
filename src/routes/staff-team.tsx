/**
 * Staff: /staff/team, who is staff and with which role (administrators only: the staff gate
 * checks the role). Adding, changing a role, removing and resetting a second factor are plain
 * form posts with the CSRF token, each recorded in the staff audit log.
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { TeamFormError } from "../services/staff/staff-team";
import type { StaffEnv } from "../types";
import type { FieldProblem } from "../views/forms/error-summary";
import { TeamContent } from "../views/staff/team-content";

const NOTICES: Record<string, string> = {
  added: "The staff member has been added. They set up their second factor when they first open a staff page.",
  role: "The role has been changed. It applies from their next page.",
  removed: "The staff member has been removed. Their second factor has been forgotten.",
  reset: "The second factor has been reset and they have been signed out where they had passed it. They sign in again and set up a new one at their next staff page.",
};

async function teamPage(c: Context<StaffEnv>, problems: readonly FieldProblem[] = [], values = { email: "", role: "" }) {
  const [layout, team] = await Promise.all([c.var.services.content.layout(), c.var.services.staffTeam.list()]);
  return c.render(
    <TeamContent
      team={team}
      me={c.var.staffMember.email}
      csrfToken={await c.var.csrfToken()}
      problems={problems}
      values={values}
      notice={NOTICES[c.req.query("done") ?? ""] ?? null}
    />,
    { layout, head: { pageTitle: "Team", noindex: true }, section: null, isPrivate: true, status: problems.length > 0 ? 422 : 200 },
  );
}

/** A form problem on a row's own button: a plain 400 with the reason. */
function rowProblem(error: unknown): never {
  if (error instanceof TeamFormError) throw new AppError("BAD_REQUEST", `${error.message}. Nothing has been changed.`);
  throw error;
}

export const staffTeamRoutes = new Hono<StaffEnv>()
  .get("/staff/team", (c) => teamPage(c))
  .post("/staff/team", async (c) => {
    const body = await c.req.parseBody();
    try {
      await c.var.services.staffTeam.add(c.var.staffMember.email, body.email, body.role);
    } catch (error) {
      if (error instanceof TeamFormError) {
        return teamPage(c, [{ field: error.field, message: error.message }], { email: typeof body.email === "string" ? body.email.slice(0, 254) : "", role: typeof body.role === "string" ? body.role : "" });
      }
      throw error;
    }
    return c.redirect("/staff/team?done=added", 303);
  })
  .post("/staff/team/:email/role", async (c) => {
    const body = await c.req.parseBody();
    await c.var.services.staffTeam.changeRole(c.var.staffMember.email, c.req.param("email"), body.role).catch(rowProblem);
    return c.redirect("/staff/team?done=role", 303);
  })
  .post("/staff/team/:email/remove", async (c) => {
    await c.var.services.staffTeam.remove(c.var.staffMember.email, c.req.param("email")).catch(rowProblem);
    return c.redirect("/staff/team?done=removed", 303);
  })
  .post("/staff/team/:email/second-factor", async (c) => {
    await c.var.services.staffTeam.resetSecondFactor(c.var.staffMember.email, c.req.param("email")).catch(rowProblem);
    return c.redirect("/staff/team?done=reset", 303);
  });
